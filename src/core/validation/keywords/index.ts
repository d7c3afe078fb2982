/**
 * Every keyword's error mapping, one file a keyword family as Ajv writes its keywords. Adding one is a file and a line
 * here. A keyword with no mapping (a vocabulary this list does not know) gets a plain invalid_value naming it.
 */
import type { ErrorObject } from 'ajv';
import { invalidValue } from '../errors';
import type { ErrorMemos } from '../error-memos';
import type { ValidationError } from '../types';
import { additionalItemsErrors } from './additional-items';
import { additionalPropertiesErrors } from './additional-properties';
import { constErrors } from './const';
import { containsErrors } from './contains';
import { enumErrors } from './enum';
import { falseSchemaErrors } from './false-schema';
import { formatErrors } from './format';
import { subject, type KeywordErrors } from './keyword';
import { limitItemsErrors } from './limit-items';
import { limitLengthErrors } from './limit-length';
import { limitNumberErrors } from './limit-number';
import { limitPropertiesErrors } from './limit-properties';
import { multipleOfErrors } from './multiple-of';
import { notErrors } from './not';
import { patternErrors } from './pattern';
import { propertyNamesErrors } from './property-names';
import { requiredErrors } from './required';
import { typeErrors } from './type';
import { uniqueItemsErrors } from './unique-items';

export const KEYWORD_ERRORS: readonly KeywordErrors[] = [
  requiredErrors,
  typeErrors,
  limitNumberErrors,
  limitLengthErrors,
  patternErrors,
  formatErrors,
  enumErrors,
  constErrors,
  limitItemsErrors,
  uniqueItemsErrors,
  additionalPropertiesErrors,
  limitPropertiesErrors,
  multipleOfErrors,
  propertyNamesErrors,
  containsErrors,
  additionalItemsErrors,
  notErrors,
  falseSchemaErrors,
];

const byKeyword = new Map<string, KeywordErrors['map']>(
  KEYWORD_ERRORS.flatMap((entry) => entry.keywords.map((keyword) => [keyword, entry.map] as const)),
);

/** One of Ajv's errors, other than a combinator's, as one error of the closed set of codes. */
export function mapKeywordError(error: ErrorObject, at: string, memos: ErrorMemos): ValidationError {
  const map = byKeyword.get(error.keyword);
  return map !== undefined
    ? map(error, at, memos)
    : invalidValue(at, `${subject(at)} is invalid (${error.keyword})`, error.data);
}
