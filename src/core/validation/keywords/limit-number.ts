import type { AnySchemaObject } from 'ajv';
import { describeValue, ownValue } from '../describe';
import { formatRangeExpected } from '../errors';
import type { ValidationError } from '../types';
import { paramsOf, subject, type KeywordErrors } from './keyword';

function schemaNumber(schema: AnySchemaObject | undefined, keyword: string): number | undefined {
  const value = schema === undefined ? undefined : ownValue(schema, keyword);
  return typeof value === 'number' ? value : undefined;
}

function outOfRange(parameter: string, message: string, expected: string, actual: string): ValidationError {
  return { parameter, code: 'out_of_range', message, expected, actual };
}

/** A number past its bounds, inclusive or exclusive. */
export const limitNumberErrors: KeywordErrors = {
  keywords: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  map(error, at) {
    const params = paramsOf(error);
    const limit = params.limit as number;
    // Plain literals with the message written now, for this and the other cheap messages: a lazy error (an accessor
    // object and its closures) cost more than the few strings it spared, and garbage collection was a fifth of
    // `validate --batch` (--cpu-prof, 100,000 lines); only messages that search for a suggestion or describe several
    // forms stay lazy.
    const shown = describeValue(error.data);
    const range = formatRangeExpected(
      schemaNumber(error.parentSchema, 'minimum'),
      schemaNumber(error.parentSchema, 'maximum'),
    );
    const name = subject(at);
    // Draft-04's boolean exclusiveMaximum/exclusiveMinimum: Ajv reports `maximum` with a strict comparison.
    if (error.keyword === 'maximum' && params.comparison === '<')
      return outOfRange(
        at,
        `${name} must be less than ${limit} (exclusive maximum) (actual: ${shown})`,
        `Less than ${limit}`,
        shown,
      );
    if (error.keyword === 'minimum' && params.comparison === '>')
      return outOfRange(
        at,
        `${name} must be greater than ${limit} (exclusive minimum) (actual: ${shown})`,
        `Greater than ${limit}`,
        shown,
      );
    switch (error.keyword) {
      case 'minimum':
        return outOfRange(at, `${name} is below minimum ${limit} (actual: ${shown})`, range, shown);
      case 'maximum':
        return outOfRange(at, `${name} exceeds maximum ${limit} (actual: ${shown})`, range, shown);
      case 'exclusiveMinimum':
        return outOfRange(
          at,
          `${name} must be greater than exclusiveMinimum ${limit} (actual: ${shown})`,
          `Greater than ${limit}`,
          shown,
        );
      default:
        return outOfRange(
          at,
          `${name} must be less than exclusiveMaximum ${limit} (actual: ${shown})`,
          `Less than ${limit}`,
          shown,
        );
    }
  },
};
