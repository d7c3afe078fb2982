/**
 * A structured result checked against the tool's `outputSchema` by the project's validator (same codes and
 * messages as arguments): live MCP results, imported tools' mocks and, in tests, the bundled handlers.
 */
import type { ToolDefinition } from '../toolset/types';
import type { ValidationError } from '../validation/types';
import type { Validator } from '../validation/validator';

export type StructuredCheck =
  /** The tool declares no output schema (or the result carries no structured content and the tool none). */
  | { status: 'none' }
  | { status: 'valid' }
  | { status: 'invalid'; errors: ValidationError[] }
  /** The tool declares an output schema but a successful result has no structuredContent (MCP requires it). */
  | { status: 'missing' }
  | { status: 'not_checked'; reason: string };

/** Validates structured content as arguments are validated: the output schema stands in for the input schema. */
export function checkStructured(
  tool: Pick<ToolDefinition, 'name' | 'outputSchema'> & Partial<ToolDefinition>,
  structured: unknown,
  isError: boolean,
  validator: Validator,
): StructuredCheck {
  const schema = tool.outputSchema;
  if (!schema) return { status: 'none' };
  if (structured === undefined) return isError ? { status: 'none' } : { status: 'missing' };
  const asTool: ToolDefinition = {
    name: tool.name,
    title: tool.title ?? tool.name,
    description: '',
    version: tool.version ?? '1.0.0',
    category: '',
    riskLevel: 'safe',
    tags: [],
    inputSchema: schema,
    examples: [],
    invalidExamples: [],
  };
  const result = validator.validate(asTool, structured);
  if (result.valid) return { status: 'valid' };
  if (result.errors.length === 0)
    return { status: 'not_checked', reason: 'the output schema could not be compiled here' };
  return { status: 'invalid', errors: result.errors };
}

/** One line per error, naming the field (`(root)` for the object itself), the rule's code and what was wrong. */
export function describeStructuredErrors(errors: readonly ValidationError[]): string {
  return errors
    .map((error) => `${error.parameter === '' ? '(root)' : error.parameter}: ${error.code}: ${error.message}`)
    .join('; ');
}
