/** One extracted call checked with the validator every surface uses, and its LLM-facing text. */
import type { ToolDefinition } from '../toolset/types';
import { createNameIndex, namesWithin, suggestNameIn, type NameIndex } from '../validation/suggest';
import type { ValidateOptions, ValidationError, ValidationResult } from '../validation/types';
import { toLlmContext } from '../validation/result';
import { MAX_NESTING_DEPTH, type Validator } from '../validation/validator';
import { boundArgumentsText } from '../json/text-limits';
import type { CallResult, ExtractedCall } from './types';
import { rejectedCallResult } from './rejected-call';
import { unknownToolCallResult, type UnknownToolTexts } from './unknown-tool-call';

export interface CheckContext {
  tools: ReadonlyMap<string, ToolDefinition>;
  names: readonly string[];
  /** The tool names prepared once for closest-name questions (suggest.ts). */
  nameIndex: NameIndex;
  options: ValidateOptions;
  /** The validator the entry point built (createValidator). */
  validator: Validator;
  /** Closest names per unknown tool name, computed once each. */
  closest: Map<string, string[]>;
  /** The "Available tools" list of every unknown-tool text, built once. */
  availableText: string;
  /**
   * False when no result leaves the checker (checkCallStream's complete(): only the summary does): a rejected
   * call's result then carries an empty llmText instead of one written when read (the accessor object was 3% of
   * a 100,000-line `validate --batch` in --cpu-prof).
   */
  resultsLeave: boolean;
  /** How an unknown tool's result works out its suggestions and text, once read (made once per context). */
  unknownToolTexts: UnknownToolTexts;
}

const VALID_TEXT = toLlmContext({ valid: true, errors: [], warnings: [] });
/** The errors of a call that has none: shared and frozen (a valid call's result allocates no list). */
const NO_ERRORS: ValidationError[] = Object.freeze([]) as unknown as ValidationError[];

/** Distinct unknown names whose suggestions are remembered; past this, new ones are worked out each time. */
const MAX_REMEMBERED = 10_000;

export function createCheckContext(
  validator: Validator,
  tools: readonly ToolDefinition[],
  options: ValidateOptions = {},
): CheckContext {
  const names = tools.map((tool) => tool.name);
  const context: CheckContext = {
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    names,
    nameIndex: createNameIndex(names),
    options,
    validator,
    closest: new Map(),
    availableText: `${names.slice(0, 30).join(', ')}${names.length > 30 ? ', …' : ''}`,
    resultsLeave: true,
    unknownToolTexts: {
      suggest: (typed) => closestToolNames(context, typed),
      text: (typed, suggestions) => unknownToolText(typed, suggestions, context.names, context.availableText),
    },
  };
  return context;
}

/**
 * Up to three known tool names near an unknown one: the validator's own suggestion first, then by edit distance.
 * Measured against a 300-tool toolset: 1.6 ms per distinct unknown name before (every name lower-cased,
 * normalised and split again for each question); the name index and its length and letter filters
 * (suggest.ts) leave a few microseconds.
 */
export function closestToolNames(context: CheckContext, typed: string): string[] {
  const cached = context.closest.get(typed);
  if (cached !== undefined) return cached;
  const limit = Math.max(2, Math.floor(typed.length / 3));
  const byDistance = typed.length > 200 ? [] : namesWithin(context.nameIndex, typed, limit);
  const first = suggestNameIn(context.nameIndex, typed);
  const result = [...new Set([...(first !== undefined ? [first] : []), ...byDistance])].slice(0, 3);
  // Bounded: a log with a million distinct invented names must not grow this without end.
  if (context.closest.size < MAX_REMEMBERED) context.closest.set(typed, result);
  return result;
}

function unknownToolText(
  typed: string,
  suggestions: readonly string[],
  names: readonly string[],
  available?: string,
): string {
  const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
  const shown = available ?? `${names.slice(0, 30).join(', ')}${names.length > 30 ? ', …' : ''}`;
  return `Unknown tool '${typed}'.${hint} Available tools: ${shown}\n`;
}

/**
 * An unknown tool's result, its suggestions and LLM text worked out when first read (unknown-tool-call.ts): `validate
 * --batch` reads neither (its summary asks for the names it lists, once each), the page reads those of the rows it
 * shows. Measured: with a third of 100,000 lines naming distinct unknown tools of a 300-tool toolset, working them out
 * for every line took 9× the time of an all-valid transcript.
 */
function unknownToolResult(
  call: ExtractedCall,
  context: CheckContext,
  position: { index: number; line: number },
): CallResult {
  const result = unknownToolCallResult(call, position, NO_ERRORS, context.unknownToolTexts);
  if (call.id !== undefined) result.id = call.id;
  return result;
}

export function checkCall(
  call: ExtractedCall,
  context: CheckContext,
  position: { index: number; line: number },
): CallResult {
  const tool = context.tools.get(call.tool);
  if (tool === undefined) return unknownToolResult(call, context, position);
  let validation: ValidationResult & { parseError?: unknown };
  let status: CallResult['status'];
  if (typeof call.arguments === 'string') {
    // Providers that carry arguments as JSON text: an empty string is a call with no arguments.
    // Parsed only to the validator's depth limit: the verdict is the same, and nothing deeper is parsed.
    validation = context.validator.validateText(
      tool,
      call.arguments.trim() === '' ? '{}' : boundArgumentsText(call.arguments, MAX_NESTING_DEPTH).text,
      context.options,
    );
    status = validation.parseError !== undefined ? 'unparseable' : validation.valid ? 'valid' : 'invalid';
  } else {
    validation = context.validator.validate(tool, call.arguments ?? {}, context.options);
    status = validation.valid ? 'valid' : 'invalid';
  }
  // Built as one literal with a fixed shape: spreads here cost more than the validation (measured in npm run bench).
  const result: CallResult =
    validation.valid || !context.resultsLeave
      ? {
          index: position.index,
          line: position.line,
          status,
          format: call.format,
          tool: call.tool,
          arguments: call.arguments,
          errors: validation.errors,
          llmText: validation.valid ? VALID_TEXT : '',
        }
      : rejectedCallResult(call, validation, status, position);
  if (call.id !== undefined) result.id = call.id;
  return result;
}
