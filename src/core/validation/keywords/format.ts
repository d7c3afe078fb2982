import { displayPath } from '../../workspace/paths';
import { describeValue } from '../describe';
import { invalidValue } from '../errors';
import { isPathFormat } from '../path-formats';
import { paramsOf, subject, type KeywordErrors } from './keyword';

/** A value its format refuses; a path format says why the path is refused. */
export const formatErrors: KeywordErrors = {
  keywords: ['format'],
  map(error, at, memos) {
    const format = paramsOf(error).format;
    const value = error.data;
    if (isPathFormat(format) && typeof value === 'string') {
      const problem = memos.pathFormats.pathProblem(value, String(format));
      if (problem?.code === 'invalid_value')
        return invalidValue(at, `${subject(at)}: ${problem.reason}`, value, 'A non-empty path');
      const reason = problem?.reason ?? 'path is outside the workspace';
      // Written at once: a lazy error cost more to make (its accessor) than displayPath, which reads at most 121 characters.
      return {
        parameter: at,
        code: 'path_outside_workspace',
        message: `${subject(at)}: ${reason}: '${displayPath(value)}'`,
        expected:
          format === 'workspace-relative-path'
            ? 'A path relative to the workspace root, without ..'
            : 'A path inside the workspace',
        actual: describeValue(value),
      };
    }
    const actual = describeValue(value);
    return {
      parameter: at,
      code: 'invalid_value',
      message: `${subject(at)} must be a valid ${String(format)} (format) (got ${actual})`,
      expected: `A valid ${String(format)}`,
      actual,
    };
  },
};
