import type { ToolDefinition } from '../toolset/types';
import { validateArguments } from '../validation/validator';

/** Example arguments are checked by the same validator the runtime uses, relationships included. */
export const validateExampleArguments = (tool: ToolDefinition, args: unknown): string[] =>
  validateArguments(tool, args).errors.map((error) => `${error.parameter || '(arguments)'}: ${error.message} [${error.code}]`);
