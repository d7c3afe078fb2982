/** One extracted call checked with the validator every surface uses, and its LLM-facing text. */
import type { ToolDefinition } from '../toolset/types';
import { levenshtein, suggestName } from '../validation/suggest';
import type { ValidateOptions, ValidationResult } from '../validation/types';
import { toLlmContext, validateArguments, validateArgumentsText } from '../validation/validator';
import type { CallResult, ExtractedCall } from './types';

export interface CheckContext {
  tools: ReadonlyMap<string, ToolDefinition>;
  names: readonly string[];
  options: ValidateOptions;
  /** Closest names per unknown tool name, computed once each. */
  closest: Map<string, string[]>;
}

const VALID_TEXT = toLlmContext({ valid: true, errors: [], warnings: [] });

export function createCheckContext(tools: readonly ToolDefinition[], options: ValidateOptions = {}): CheckContext {
  return {
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    names: tools.map((tool) => tool.name),
    options,
    closest: new Map(),
  };
}

/** Up to three known tool names near an unknown one: the validator's own suggestion first, then by edit distance. */
export function closestToolNames(context: CheckContext, typed: string): string[] {
  const cached = context.closest.get(typed);
  if (cached !== undefined) return cached;
  const lowered = typed.toLowerCase();
  const limit = Math.max(2, Math.floor(lowered.length / 3));
  const byDistance = context.names
    .map((name) => ({ name, distance: levenshtein(lowered, name.toLowerCase(), limit) }))
    .filter((candidate) => candidate.distance <= limit)
    .sort((left, right) => left.distance - right.distance)
    .map((candidate) => candidate.name);
  const first = suggestName(typed, context.names);
  const result = [...new Set([...(first !== undefined ? [first] : []), ...byDistance])].slice(0, 3);
  // Bounded: a log with a million distinct invented names must not grow this without end.
  if (context.closest.size < 10_000) context.closest.set(typed, result);
  return result;
}

export function unknownToolText(typed: string, suggestions: readonly string[], names: readonly string[]): string {
  const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
  const shown = names.slice(0, 30).join(', ');
  return `Unknown tool '${typed}'.${hint} Available tools: ${shown}${names.length > 30 ? ', …' : ''}\n`;
}

export function checkCall(call: ExtractedCall, context: CheckContext, position: { index: number; line: number }): CallResult {
  // Built as one literal with a fixed shape: spreads here cost more than the validation (measured in npm run bench).
  const result: CallResult = {
    index: position.index,
    line: position.line,
    status: 'valid',
    format: call.format,
    tool: call.tool,
    arguments: call.arguments,
    errors: [],
    llmText: '',
  };
  if (call.id !== undefined) result.id = call.id;
  const tool = context.tools.get(call.tool);
  if (tool === undefined) {
    const suggestions = closestToolNames(context, call.tool);
    result.status = 'unknown_tool';
    result.suggestions = suggestions;
    result.llmText = unknownToolText(call.tool, suggestions, context.names);
    return result;
  }
  let validation: ValidationResult & { parseError?: unknown };
  if (typeof call.arguments === 'string') {
    // Providers that carry arguments as JSON text: an empty string is a call with no arguments.
    validation = validateArgumentsText(tool, call.arguments.trim() === '' ? '{}' : call.arguments, context.options);
    result.status = validation.parseError !== undefined ? 'unparseable' : validation.valid ? 'valid' : 'invalid';
  } else {
    validation = validateArguments(tool, call.arguments ?? {}, context.options);
    result.status = validation.valid ? 'valid' : 'invalid';
  }
  result.errors = validation.errors;
  result.llmText = validation.valid ? VALID_TEXT : toLlmContext(validation);
  return result;
}
