/**
 * Truncation as the runtime model has it: a result whose serialized data is longer than `maxDataLength` is
 * marked `shouldTruncate`, and says what a model is not given and how to get the rest. The data
 * itself stays whole (the page shows it all); `serializeData` cuts it for a model.
 */
import { DEFAULT_MAX_DATA_CHARS } from './result';
import type { ToolData, ToolResult, TruncationInfo } from './types';

/** The field that makes most of the data, for saying what was cut. */
function largestField(data: ToolData): { name: string; length: number } | null {
  let best: { name: string; length: number } | null = null;
  for (const [name, value] of Object.entries(data)) {
    const length = typeof value === 'string' ? value.length : Array.isArray(value) ? JSON.stringify(value).length : 0;
    if (length > (best?.length ?? 0)) best = { name, length };
  }
  return best;
}

/** How to ask for the rest, by the kind of data. */
function restHint(data: ToolData): string {
  switch (data.kind) {
    case 'file_content':
      return `read the file in parts: call again with a start line after ${data.endLine > 0 ? Math.floor((data.startLine + data.endLine) / 2) : 1} (start_line / end_line, or startLine / endLine)`;
    case 'command_output':
      return 'run the command again with its output redirected to a file, then read the file in parts, or pipe it through head, tail or grep';
    case 'search_hits':
    case 'semantic_hits':
    case 'symbols':
      return 'narrow the search (a directory, a file pattern or a lower result limit)';
    case 'listing':
      return 'list a subdirectory, or lower the depth';
    case 'diff':
      return 'ask for the diff of one file at a time';
    case 'log':
      return 'ask for fewer commits';
    case 'output':
      return 'ask for less (a smaller maxBytes, a narrower query)';
    default:
      return 'call again asking for less';
  }
}

function truncationOf(data: ToolData | undefined, maxDataLength = DEFAULT_MAX_DATA_CHARS): TruncationInfo | null {
  if (data === undefined) return null;
  const totalChars = JSON.stringify(data).length;
  if (totalChars <= maxDataLength) return null;
  const cutChars = totalChars - maxDataLength;
  const field = largestField(data);
  const cut =
    field && field.length * 2 >= totalChars
      ? `the last ${cutChars} of ${totalChars} characters, most of the data being '${field.name}' (${field.length} characters)`
      : `the last ${cutChars} of ${totalChars} characters`;
  return { totalChars, keptChars: maxDataLength, cut, rest: restHint(data) };
}

/** The result with its truncation marked (unchanged when the data fits). */
export function withTruncation(result: ToolResult, maxDataLength = DEFAULT_MAX_DATA_CHARS): ToolResult {
  const truncation = truncationOf(result.data, maxDataLength);
  if (!truncation) return { ...result, shouldTruncate: false, maxDataLength };
  return { ...result, shouldTruncate: true, maxDataLength, truncation };
}
