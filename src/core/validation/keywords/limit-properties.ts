import { invalidValue } from '../errors';
import { paramsOf, subject, type KeywordErrors } from './keyword';

/** An object with fewer or more properties than its bounds. */
export const limitPropertiesErrors: KeywordErrors = {
  keywords: ['minProperties', 'maxProperties'],
  map(error, at) {
    const limit = String(paramsOf(error).limit);
    return error.keyword === 'minProperties'
      ? invalidValue(
          at,
          `${subject(at)} must have at least ${limit} properties (minProperties)`,
          undefined,
          `At least ${limit} properties`,
        )
      : invalidValue(
          at,
          `${subject(at)} must have at most ${limit} properties (maxProperties)`,
          undefined,
          `At most ${limit} properties`,
        );
  },
};
