import { describeValue } from '../describe';
import { invalidValue } from '../errors';
import { paramsOf, subject, type KeywordErrors } from './keyword';

export const propertyNamesErrors: KeywordErrors = {
  keywords: ['propertyNames'],
  map: (error, at) =>
    invalidValue(
      at,
      `${subject(at)} has an invalid property name ${describeValue(paramsOf(error).propertyName)} (propertyNames)`,
    ),
};
