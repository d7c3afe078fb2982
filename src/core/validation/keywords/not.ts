import { invalidValue } from '../errors';
import { subject, type KeywordErrors } from './keyword';

export const notErrors: KeywordErrors = {
  keywords: ['not'],
  map: (error, at) => invalidValue(at, `${subject(at)} matches a form that is not allowed (not)`, error.data),
};
