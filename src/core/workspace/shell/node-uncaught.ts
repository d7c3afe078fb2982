import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { WorkspaceFileView } from './file-view';
import { callMethod, decoder, NODE_VERSION } from './node-host';

/** Node's report of an uncaught exception: where it was thrown, the line, then the error and its stack. */
export function describeUncaught(
  context: QuickJSContext,
  runtimeObject: QuickJSHandle,
  error: QuickJSHandle,
  view: WorkspaceFileView,
): string {
  const described = callMethod(context, runtimeObject, 'describeError', [error]);
  let text: string;
  if (described.value) {
    // The prelude's own frames say nothing about the program.
    let frames = 0;
    text = context
      .getString(described.value)
      .split('\n')
      .filter((line) => !/^\s+at .*(node:internal\/prelude|\(native\))/.test(line))
      // Node shows ten frames; a stack overflow would otherwise print thousands.
      .filter((line) => !/^\s+at /.test(line) || ++frames <= 10)
      .join('\n');
    described.value.dispose();
  } else {
    described.error.dispose();
    text = 'Uncaught exception';
  }
  const frame = /\(?((?:\/|\[eval\])[^():]*):(\d+)(?::(\d+))?\)?/.exec(text.split('\n').slice(1).join('\n'));
  let location = '';
  if (frame && frame[1]!.startsWith('/')) {
    try {
      const lines = decoder.decode(view.readFile(frame[1]!)).split('\n');
      const line = lines[Number(frame[2]) - 1];
      if (line !== undefined) {
        const column = line.length - line.trimStart().length;
        location = `${frame[1]}:${frame[2]}\n${line}\n${' '.repeat(column)}^\n\n`;
      }
    } catch {
      // The frame names a file outside the view; the stack alone will do.
    }
  }
  return `${location}${text}\n\nNode.js ${NODE_VERSION}\n`;
}
