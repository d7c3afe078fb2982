/** A log checked into a store as the Check calls worker checks it, for the feature's tests and its bench. */
import { bundle } from '../../../core/toolset/bundle';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import { CallStore, type LineReader } from './call-store';
import { checkTranscript, type CheckCallsRequest } from './check-transcript';
import { LineOffsets } from './line-source';
import { lineReader } from './line-reader';

/** A tool taking text of any length: the bundled ones cap theirs (1 MB), and a call past a cap is not valid. */
export const PUT_BLOB: ToolDefinition = {
  ...bundle.tools.find((tool) => tool.name === 'write_file')!,
  name: 'put_blob',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
    additionalProperties: false,
  },
};

export interface CheckedStoreOptions {
  /** Calls kept whole before the rest are kept compact (the store's own threshold when left out). */
  keepWhole?: number;
  /** The check's cap on calls. */
  cap?: number;
  /** How calls are read again: the worker's reader when left out; null for none. */
  reader?: LineReader | null;
}

/** `request` checked into a new store, with the check's summary and the count of lines read again. */
export async function checkedStore(
  request: CheckCallsRequest,
  validator: Validator,
  { keepWhole, cap, reader = lineReader(request, validator) }: CheckedStoreOptions = {},
) {
  const store = new CallStore(keepWhole);
  const linesRead = { count: 0 };
  store.clear(
    reader && {
      ...reader,
      read: (ranges) => {
        linesRead.count += ranges.length;
        return reader.read(ranges);
      },
    },
  );
  const summary = await checkTranscript(
    request,
    validator,
    (update) => {
      if (update.type === 'results') store.add(update.results, update.places);
    },
    cap,
    new LineOffsets(),
  );
  return { store, summary, linesRead };
}
