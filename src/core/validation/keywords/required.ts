import { appendPath, ownValue } from '../describe';
import { describeSchemaType } from '../schema-type';
import { paramsOf, type KeywordErrors } from './keyword';

/** A missing property: `required`, and the ones another property's presence requires. */
export const requiredErrors: KeywordErrors = {
  keywords: ['required', 'dependentRequired', 'dependencies'],
  map(error, at) {
    const params = paramsOf(error);
    const missing = String(params.missingProperty ?? '');
    const parameter = appendPath(at, missing);
    const type = describeSchemaType(ownValue(ownValue(error.parentSchema, 'properties'), missing));
    const because =
      error.keyword !== 'required'
        ? ` (required when '${appendPath(at, String(params.property ?? ''))}' is given)`
        : '';
    return {
      parameter,
      code: 'required',
      message: `Missing required property '${parameter}'${because}`,
      expected: type === undefined ? 'A value' : `A ${type} value`,
    };
  },
};
