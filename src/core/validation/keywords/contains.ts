import { invalidValue } from '../errors';
import { subject, type KeywordErrors } from './keyword';

/** An array without the items `contains` asks for, or with too few or too many of them. */
export const containsErrors: KeywordErrors = {
  keywords: ['contains', 'minContains', 'maxContains'],
  map: (error, at) =>
    invalidValue(at, `${subject(at)} does not contain the required items (${error.keyword})`, error.data),
};
