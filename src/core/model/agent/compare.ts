/**
 * Side by side: the same prompt on up to three models or two versions of a toolset, the calls aligned by
 * step and position (the n-th call of each run in one row), each row saying whether the runs agree.
 */
import type { ToolDefinition } from '../../toolset/types';

export const MAX_COLUMNS = 3;

/** What alignment needs of a step: live steps and recorded steps both fit. */
export interface AlignableStep<Call> {
  step: number;
  calls: readonly Call[];
}

export interface AlignedRow<Call> {
  step: number;
  /** Position of the call within its step, from 0. */
  position: number;
  /** One cell per run; undefined where that run made fewer calls. */
  cells: (Call | undefined)[];
}

/** Rows of calls, same step and position side by side, in step order. */
export function alignCalls<Call>(runs: readonly (readonly AlignableStep<Call>[])[]): AlignedRow<Call>[] {
  const steps = [...new Set(runs.flatMap((steps) => steps.map((step) => step.step)))].sort(
    (left, right) => left - right,
  );
  const rows: AlignedRow<Call>[] = [];
  for (const step of steps) {
    const callsOf = runs.map((steps) => steps.find((entry) => entry.step === step)?.calls ?? []);
    const width = Math.max(0, ...callsOf.map((calls) => calls.length));
    for (let position = 0; position < width; position++)
      rows.push({ step, position, cells: callsOf.map((calls) => calls[position]) });
  }
  return rows;
}

/** A call as far as agreement goes: the tool named and the verdict (undefined while it streams). */
export interface CallKey {
  name: string;
  status?: string;
}

/** 'same' when every run made this call to the same tool with the same verdict, 'differs' otherwise, 'pending' while one streams. */
export function rowAgreement(cells: readonly (CallKey | undefined)[]): 'same' | 'differs' | 'pending' {
  if (cells.some((cell) => cell !== undefined && cell.status === undefined)) return 'pending';
  const first = cells[0];
  return cells.every(
    (cell) => cell !== undefined && first !== undefined && cell.name === first.name && cell.status === first.status,
  )
    ? 'same'
    : 'differs';
}

/** The toolset with one tool's description replaced: the variant a prompt designer compares against the original. */
export function withEditedDescription(
  tools: readonly ToolDefinition[],
  toolName: string,
  description: string,
): ToolDefinition[] {
  if (!tools.some((tool) => tool.name === toolName)) throw new Error(`Edited tool: no tool is named ${toolName}.`);
  return tools.map((tool) => (tool.name === toolName ? { ...tool, description } : tool));
}

/** The toolset with one tool swapped for another version of it (an earlier release from the toolset's history). */
export function withToolVersion(tools: readonly ToolDefinition[], version: ToolDefinition): ToolDefinition[] {
  if (!tools.some((tool) => tool.name === version.name))
    throw new Error(`Tool version: no tool is named ${version.name}.`);
  return tools.map((tool) => (tool.name === version.name ? version : tool));
}
