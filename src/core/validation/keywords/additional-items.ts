import { invalidValue } from '../errors';
import { paramsOf, subject, type KeywordErrors } from './keyword';

/** Items past the ones a tuple schema defines, where no others are allowed. */
export const additionalItemsErrors: KeywordErrors = {
  keywords: ['additionalItems', 'unevaluatedItems'],
  map(error, at) {
    const params = paramsOf(error);
    const count = Array.isArray(error.data) ? error.data.length : 0;
    const limit =
      typeof params.limit === 'number' ? params.limit : typeof params.len === 'number' ? params.len : undefined;
    if (limit === undefined)
      return invalidValue(at, `${subject(at)} has items its schema does not allow (${error.keyword})`, error.data);
    return {
      parameter: at,
      code: 'array_too_many',
      message: `${subject(at)} has ${count} items; its schema defines only the first ${limit} and allows no others (${error.keyword})`,
      expected: `At most ${limit} items`,
      actual: `${count} items`,
    };
  },
};
