/** Pieces of the execution service that need none of its state: names, timeouts, ids, waiting. */
import type { ToolDefinition } from '../toolset/types';
import type { ToolImplementation } from './types';
import { isJsonObject } from '../json/is-json-object';

/** Edit distance, for suggesting the tool name that was probably meant. */
function editDistance(first: string, second: string): number {
  const previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let row = 1; row <= first.length; row++) {
    let diagonal = previous[0]!;
    previous[0] = row;
    for (let column = 1; column <= second.length; column++) {
      const above = previous[column]!;
      const cost = first[row - 1] === second[column - 1] ? 0 : 1;
      previous[column] = Math.min(above + 1, previous[column - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[second.length]!;
}

export function closestToolNames(name: string, candidates: string[], limit = 3): string[] {
  const wanted = name.toLowerCase();
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const containment = wanted.length >= 3 && (lower.includes(wanted) || wanted.includes(lower));
      return { candidate, distance: containment ? 0.5 : editDistance(wanted, lower) };
    })
    .filter(({ candidate, distance }) => distance <= Math.max(2, Math.floor(candidate.length / 2)))
    .sort((first, second) => first.distance - second.distance || first.candidate.localeCompare(second.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

function schemaHasProperty(tool: ToolDefinition, property: string): boolean {
  const properties = tool.inputSchema['properties'];
  return isJsonObject(properties) && property in properties;
}

function schemaDefault(tool: ToolDefinition, property: string): unknown {
  const properties = tool.inputSchema['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return undefined;
  const schema = properties[property];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  return schema['default'];
}

export function timeoutFor(
  tool: ToolDefinition,
  implementation: ToolImplementation,
  args: Record<string, unknown>,
  fallback: number,
): number {
  // timeout_seconds in snake_case toolsets, timeoutSeconds in camelCase ones.
  for (const name of ['timeout_seconds', 'timeoutSeconds']) {
    if (!schemaHasProperty(tool, name)) continue;
    const given = args[name] ?? schemaDefault(tool, name);
    if (typeof given === 'number' && Number.isFinite(given) && given > 0) return given * 1000;
  }
  return implementation.defaultTimeoutMs ?? fallback;
}

let executionCounter = 0;
export function nextExecutionId(): string {
  executionCounter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `exec-${Date.now().toString(36)}-${executionCounter}-${random}`;
}

export const ABORTED = Symbol('aborted');

/** A cancel while the approval dialog is open ends the call, even if the approver ignores the signal. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
