import { describeValue } from '../describe';
import { invalidValue } from '../errors';
import { paramsOf, subject, type KeywordErrors } from './keyword';

export const multipleOfErrors: KeywordErrors = {
  keywords: ['multipleOf'],
  map(error, at) {
    const multipleOf = String(paramsOf(error).multipleOf);
    return invalidValue(
      at,
      `${subject(at)} must be a multiple of ${multipleOf} (multipleOf) (got ${describeValue(error.data)})`,
      error.data,
      `A multiple of ${multipleOf}`,
    );
  },
};
