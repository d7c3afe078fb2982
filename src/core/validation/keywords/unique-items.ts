import { describeValue } from '../describe';
import { paramsOf, subject, type KeywordErrors } from './keyword';

/** Two equal items in an array whose items must be unique: which two, and the value. */
export const uniqueItemsErrors: KeywordErrors = {
  keywords: ['uniqueItems'],
  map(error, at) {
    const params = paramsOf(error);
    const first = Math.min(params.i as number, params.j as number);
    const second = Math.max(params.i as number, params.j as number);
    const shown = describeValue(Array.isArray(error.data) ? error.data[second] : undefined);
    return {
      parameter: at,
      code: 'items_not_unique',
      message: `${subject(at)} must contain unique items (uniqueItems): items ${first} and ${second} are both ${shown}`,
      expected: 'All items must be unique',
      actual: shown,
    };
  },
};
