/**
 * One line of a JSON Lines transcript checked again, alone: its results are those the streaming checker
 * (./stream.ts) gave the line, numbered from the same index. A line's results depend on its text, its number and
 * the first index only (the checker keeps counts across lines, never state a line's results read), so a store of
 * results can keep a line's place in the source instead of its results and read them again when asked.
 */
import type { ToolDefinition } from '../toolset/types';
import { closestToolNames, createCheckContext } from './check';
import { BYTE_ORDER_MARK, Emitter, type CheckCallsOptions } from './stream';
import { SummaryBuilder } from './summary';
import type { CallResult } from './types';

export interface LineChecker {
  /** The results of line `line` (1-based) of text `text`, the first of them numbered `firstIndex`. */
  check(text: string, line: number, firstIndex: number): CallResult[];
}

export function createLineChecker(
  tools: readonly ToolDefinition[],
  options: Omit<CheckCallsOptions, 'onLayout' | 'maxDocumentCharacters'>,
): LineChecker {
  const { validator, ...validateOptions } = options;
  const context = createCheckContext(validator, tools, validateOptions);
  // Its counts are not read; they grow only with distinct tools and parameters (./summary.ts bounds them).
  const emitter = new Emitter(context, new SummaryBuilder((tool) => closestToolNames(context, tool)));
  return {
    check(text, line, firstIndex) {
      const out: CallResult[] = [];
      if (text.trim() === '') return out;
      emitter.index = firstIndex - 1;
      emitter.fromLine(line === 1 ? text.replace(BYTE_ORDER_MARK, '') : text, line, out);
      return out;
    },
  };
}
