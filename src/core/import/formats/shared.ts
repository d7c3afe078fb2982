import type { RawTool } from '../types';

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Escapes one JSON-pointer segment (RFC 6901). */
export const segment = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

export const pointerOf = (...keys: (string | number)[]): string => keys.map((key) => `/${segment(key)}`).join('');

/** A reader turns the entries it recognised into raw tools; checks come later, the same for every format. */
export type Reader = (entries: readonly unknown[], basePointer: string) => RawTool[];
