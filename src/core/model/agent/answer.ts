/**
 * What a judged call sends back to the model: the validator's own words for a call it refuses, else what the
 * runtime made of running it (approval included), as the runtime would give it.
 */
import { toLlmContext } from '../../runtime/result';
import type { ToolResult } from '../../runtime/types';
import type { ToolResultPart } from '../spec';
import type { CallVerdict } from './judge';
import { isJsonObject } from '../../json/is-json-object';

/** Runs one valid call through the runtime service (approval included). */
export type Execute = (
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
) => Promise<ToolResult>;

const parseArgs = (text: string): Record<string, unknown> => {
  const value = JSON.parse(text.trim() === '' ? '{}' : text) as unknown;
  return isJsonObject(value) ? (value as Record<string, unknown>) : {};
};

export async function answerFor(
  verdict: CallVerdict,
  execute: Execute | undefined,
  signal: AbortSignal | undefined,
): Promise<{ part: Omit<ToolResultPart, 'callId' | 'name'>; executed: boolean; result?: ToolResult }> {
  // Calls the validator refuses are not run: the model gets the validator's own words, as the runtime would give.
  if (verdict.status !== 'valid' || !execute)
    return { part: { content: verdict.llmText, isError: verdict.status !== 'valid' }, executed: false };
  const result = await execute(verdict.tool, parseArgs(String(verdict.arguments ?? '')), signal);
  return { part: { content: toLlmContext(result), isError: !result.success }, executed: true, result };
}
