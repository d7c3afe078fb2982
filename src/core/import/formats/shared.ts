import { escapePointerSegment } from '../../json/pointer';
import type { RawTool } from '../types';

export type JsonRecord = Record<string, unknown>;

/** Escapes one JSON-pointer segment (RFC 6901); a number is an array index. */
export const segment = (key: string | number): string => escapePointerSegment(String(key));

export const pointerOf = (...keys: (string | number)[]): string => keys.map((key) => `/${segment(key)}`).join('');

/** A reader turns the entries it recognised into raw tools; checks come later, the same for every format. */
export type Reader = (entries: readonly unknown[], basePointer: string) => RawTool[];
