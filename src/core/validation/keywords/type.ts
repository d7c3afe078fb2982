import { jsonTypeForMismatch } from '../describe';
import { paramsOf, type KeywordErrors } from './keyword';

/** The type Ajv names (most schemas), or the types when it names several: joined by commas, or a list. */
function expectedTypes(params: Record<string, unknown>): string | string[] {
  const type = params.type;
  if (Array.isArray(type)) return type.map(String);
  // One type is given back as it is: `split` took 125 ns even with no comma to find, and a list of one was an
  // allocation per type error (micro-benchmarks of the error mapping; GetBranches' `pattern: 1` 146 to 128 ns).
  if (typeof type === 'string') return type.indexOf(',') < 0 ? type : type.split(',');
  return [];
}

export const typeErrors: KeywordErrors = {
  keywords: ['type'],
  map(error, at) {
    const types = expectedTypes(paramsOf(error));
    const expected = typeof types === 'string' ? types : types.length === 1 ? types[0]! : types.join(' or ');
    const actual = jsonTypeForMismatch(error.data, types);
    const subject = at === '' ? 'Arguments' : `Property '${at}'`;
    return {
      parameter: at,
      code: 'type_mismatch',
      message: `${subject} must be ${expected}, got ${actual}`,
      expected,
      actual,
    };
  },
};
