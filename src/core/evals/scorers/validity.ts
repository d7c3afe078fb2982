/** Argument validity by the project's validator: the share of calls it accepts, and its error codes. */
import type { ValidationError } from '../../validation/types';

export function validityRate(validCalls: number, calls: number): number {
  return calls > 0 ? validCalls / calls : 1;
}

export function errorCodeCounts(
  calls: readonly { tool: string; errors: readonly ValidationError[] | null }[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of calls) {
    // An unknown tool is a selection error, not an argument error; it gets a code of its own.
    if (call.errors === null) counts.unknown_tool = (counts.unknown_tool ?? 0) + 1;
    else for (const error of call.errors) counts[error.code] = (counts[error.code] ?? 0) + 1;
  }
  return counts;
}

export function addCounts(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [code, count] of Object.entries(from)) into[code] = (into[code] ?? 0) + count;
}
