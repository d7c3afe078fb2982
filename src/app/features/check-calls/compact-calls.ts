/**
 * Calls kept as columns instead of results: each call's line, its line's place in the source, its status and its
 * tool, 15 bytes a call in typed arrays grown by doubling (a result kept whole, with its errors and texts, is some
 * hundreds of bytes). The status and tool filters run on the columns; anything else reads the line again
 * (./call-store.ts).
 */
import type { CallStatus } from '../../../core/calls/types';

export const STATUS_CODES: readonly CallStatus[] = ['valid', 'invalid', 'unknown_tool', 'unparseable'];

/** A tool not in the names list: the list is full, or the name too long to keep. */
export const NO_TOOL = 0xffff;
/** Distinct tool names listed (known tools and names a model made up) and the longest one listed. */
const MAX_TOOL_NAMES = NO_TOOL;
const MAX_TOOL_NAME_LENGTH = 256;
/** The length column's mark for a call kept whole among the compact ones (a line too long to read has no text). */
export const KEPT_WHOLE = 0xffffffff;

export class ToolNames {
  private readonly codes = new Map<string, number>();

  /** The name's code, listing it when there is room; NO_TOOL otherwise. */
  codeOf(name: string): number {
    const known = this.codes.get(name);
    if (known !== undefined) return known;
    if (this.codes.size >= MAX_TOOL_NAMES || name.length > MAX_TOOL_NAME_LENGTH) return NO_TOOL;
    this.codes.set(name, this.codes.size);
    return this.codes.size - 1;
  }

  /** The name's code if it is listed, without listing it. */
  find(name: string): number | undefined {
    return this.codes.get(name);
  }
}

export class CompactColumns {
  size = 0;
  line = new Uint32Array(1_024);
  start = new Uint32Array(1_024);
  length = new Uint32Array(1_024);
  status = new Uint8Array(1_024);
  tool = new Uint16Array(1_024);

  push(line: number, start: number, length: number, status: CallStatus, tool: number): void {
    if (this.size === this.line.length) this.grow();
    const at = this.size++;
    this.line[at] = line;
    this.start[at] = start;
    this.length[at] = length;
    this.status[at] = STATUS_CODES.indexOf(status);
    this.tool[at] = tool;
  }

  private grow(): void {
    const twice = <T extends Uint8Array | Uint16Array | Uint32Array>(column: T): T => {
      const grown = new (column.constructor as new (length: number) => T)(column.length * 2);
      grown.set(column);
      return grown;
    };
    this.line = twice(this.line);
    this.start = twice(this.start);
    this.length = twice(this.length);
    this.status = twice(this.status);
    this.tool = twice(this.tool);
  }
}
