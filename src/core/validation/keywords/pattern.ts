import { describeDegree, describeValue, truncate } from '../describe';
import { paramsOf, subject, type KeywordErrors } from './keyword';

/** A string its pattern refuses, or one too long for a pattern whose cost grows faster than its length. */
export const patternErrors: KeywordErrors = {
  keywords: ['pattern'],
  map(error, at) {
    const params = paramsOf(error);
    const value = error.data;
    const pattern = String(params.pattern ?? '');
    const text = typeof value === 'string' ? value : '';
    if (typeof params.limit === 'number') {
      return {
        parameter: at,
        code: 'pattern_mismatch',
        message: `${subject(at)} is ${text.length} characters, too long to be checked against its pattern ${truncate(pattern, 200)}: a ${describeDegree(Number(params.degree))}-time pattern is tested only on values up to ${params.limit} characters`,
        expected: `At most ${params.limit} characters, matching the pattern`,
        actual: `${text.length} characters`,
      };
    }
    const shownPattern = truncate(pattern, 200);
    const actual = describeValue(text);
    const got = typeof value === 'string' ? actual : describeValue(value);
    return {
      parameter: at,
      code: 'pattern_mismatch',
      message: `${subject(at)} does not match the required pattern ${shownPattern} (got ${got})`,
      expected: `Pattern: ${shownPattern}`,
      actual,
    };
  },
};
