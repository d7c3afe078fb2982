import { invalidValue } from '../errors';
import { subject, type KeywordErrors } from './keyword';

/** A place whose schema is `false`: nothing is allowed there. */
export const falseSchemaErrors: KeywordErrors = {
  keywords: ['false schema'],
  map: (error, at) => invalidValue(at, `${subject(at)} is not allowed`, error.data),
};
