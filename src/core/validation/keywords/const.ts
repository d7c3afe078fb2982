import { describeValue } from '../describe';
import { paramsOf, subject, type KeywordErrors } from './keyword';

export const constErrors: KeywordErrors = {
  keywords: ['const'],
  map(error, at) {
    const allowedValue = describeValue(paramsOf(error).allowedValue);
    const actual = describeValue(error.data);
    return {
      parameter: at,
      code: 'invalid_enum',
      message: `${subject(at)} must be the constant value ${allowedValue} (got ${actual})`,
      expected: `Exactly ${allowedValue}`,
      actual,
    };
  },
};
