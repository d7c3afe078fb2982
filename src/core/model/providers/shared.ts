/** Small helpers every provider folder shares. */
import type { JsonObject } from '../../toolset/types';
import type { StreamPart } from '../spec';
import { isJsonObject } from '../../json/is-json-object';
import { readArgumentsText } from '../../json/arguments-text';

export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

/** One SSE data payload as JSON, or an error part naming what did not parse. */
export function parseEventData(data: string): { value: Record<string, unknown> } | { part: StreamPart } {
  try {
    const value = JSON.parse(data) as unknown;
    if (isJsonObject(value)) return { value: value as Record<string, unknown> };
  } catch {
    /* reported below */
  }
  return {
    part: {
      type: 'error',
      error: {
        code: 'bad_response',
        message: `The stream sent an event that is not a JSON object: ${data.slice(0, 120)}`,
      },
    },
  };
}

export const cutStream = (): StreamPart => ({
  type: 'error',
  error: {
    code: 'stream_cut',
    message: "The stream ended before the provider's end marker: it was cut halfway. What arrived is kept.",
  },
});

export const asRecord = (value: unknown): Record<string, unknown> =>
  isJsonObject(value) ? (value as Record<string, unknown>) : {};

export const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Drops undefined fields so usage parts merge cleanly. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** A call's arguments text as the object a provider's history turn carries: text that is not a JSON object goes back as {} (its result says so). */
export function argumentsObject(argumentsText: string): JsonObject {
  const read = readArgumentsText(argumentsText);
  return read.ok && isJsonObject(read.value) ? (read.value as JsonObject) : {};
}
