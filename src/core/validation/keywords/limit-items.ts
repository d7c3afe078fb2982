import { paramsOf, subject, type KeywordErrors } from './keyword';

/** An array with fewer or more items than its bounds. */
export const limitItemsErrors: KeywordErrors = {
  keywords: ['minItems', 'maxItems'],
  map(error, at) {
    const limit = paramsOf(error).limit as number;
    const count = Array.isArray(error.data) ? error.data.length : 0;
    if (error.keyword === 'minItems') {
      return {
        parameter: at,
        code: 'array_too_few',
        message: `${subject(at)} has fewer items than minItems ${String(limit)} (actual: ${count})`,
        expected: `At least ${limit} items`,
        actual: `${count} items`,
      };
    }
    return {
      parameter: at,
      code: 'array_too_many',
      message: `${subject(at)} has more items than maxItems ${String(limit)} (actual: ${count})`,
      expected: `At most ${limit} items`,
      actual: `${count} items`,
    };
  },
};
