import { describeValue } from '../describe';
import { listedEnum, NOT_REMEMBERED, rememberedSuggestion, suggestionNow } from '../error-memos';
import { lazyError } from '../lazy-error';
import { paramsOf, subject, type KeywordErrors } from './keyword';

function stringsOf(values: readonly unknown[]): string[] {
  return values.filter((item): item is string => typeof item === 'string');
}

function enumMessage(at: string, listed: string, actual: string, suggestion: string | undefined): string {
  return `${subject(at)} must be one of the enum values: ${listed} (got ${actual}).${suggestion !== undefined ? ` Did you mean '${suggestion}'?` : ''}`;
}

/** A value outside its enum, with the closest allowed string when one is close. */
export const enumErrors: KeywordErrors = {
  keywords: ['enum'],
  map(error, at, memos) {
    const allowedValues = paramsOf(error).allowedValues;
    const allowed = Array.isArray(allowedValues) ? (allowedValues as unknown[]) : [];
    const value = error.data;
    const listed = listedEnum(memos, allowed);
    const actual = describeValue(value);
    // Closures are made only as arguments: one bound to a name costs a name-setting call per error under tsx (the bench).
    const suggestion =
      typeof value === 'string'
        ? suggestionNow(memos.suggestions, allowed, value, 0, () => stringsOf(allowed))
        : undefined;
    if (suggestion !== NOT_REMEMBERED)
      return {
        parameter: at,
        code: 'invalid_enum',
        message: enumMessage(at, listed, actual, suggestion),
        expected: `One of: ${listed}`,
        actual,
      };
    return lazyError(
      at,
      'invalid_enum',
      () =>
        enumMessage(
          at,
          listed,
          actual,
          rememberedSuggestion(memos, allowed, value as string, 0, () => stringsOf(allowed)),
        ),
      `One of: ${listed}`,
      actual,
    );
  },
};
