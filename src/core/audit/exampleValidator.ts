import type { ToolDefinition } from '../toolset/types';
import type { Validator } from '../validation/validator';
import type { ExampleProblem } from './types';

/** Example arguments are checked by the same validator the runtime uses, relationships included. */
export const exampleValidatorOf =
  (validator: Validator) =>
  (tool: ToolDefinition, args: unknown): ExampleProblem[] =>
    validator.validate(tool, args).errors.map(({ parameter, code, message }) => ({ parameter, code, message }));

/** "path: Missing required property 'path' [required]", or the plain message as given. */
export const describeExampleProblem = (problem: string | ExampleProblem): string =>
  typeof problem === 'string' ? problem : `${problem.parameter || '(arguments)'}: ${problem.message} [${problem.code}]`;
