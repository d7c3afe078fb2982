/** The shape every keyword's error mapping has: Ajv's error for one keyword, in the closed set of codes. */
import type { ErrorObject } from 'ajv';
import type { ErrorMemos } from '../error-memos';
import type { ValidationError } from '../types';

export interface KeywordErrors {
  /** The keywords whose errors this maps (a family, as one Ajv keyword definition covers several). */
  keywords: readonly string[];
  /** `at` is the parameter the error is about (`env.PORT`, `files[2]`, '' for the arguments themselves). */
  map: (error: ErrorObject, at: string, memos: ErrorMemos) => ValidationError;
}

/** How a message names the place: the arguments as a whole, or one parameter. */
export const subject = (parameter: string): string => (parameter === '' ? 'Arguments' : `Parameter '${parameter}'`);

/** The error's own params, as a record. */
export const paramsOf = (error: ErrorObject): Record<string, unknown> => error.params as Record<string, unknown>;
