/** Small JSON helpers shared by the diff rules. */
import { escapePointerSegment as escapePointer } from '../json/pointer';
import type { JsonValue } from '../toolset/types';

export type JsonRecord = { [key: string]: JsonValue };

export const childPointer = (pointer: string, ...segments: (string | number)[]): string =>
  segments.reduce<string>((path, segment) => `${path}/${escapePointer(String(segment))}`, pointer);

/** A value as a message shows it: short JSON. */
export function show(value: JsonValue | undefined): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** "Parameter 'count'" or "The arguments object" for messages. */
export const subject = (parameter: string): string => (parameter ? `Parameter '${parameter}'` : 'The arguments object');
