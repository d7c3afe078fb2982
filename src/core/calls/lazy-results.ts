/**
 * The results whose texts are written when first read: a rejected call's LLM text, an unknown tool's suggestions and
 * text. Their keys are a plain result's, own and enumerable in the same order (the lazy ones accessors), so spreads,
 * JSON and structured clones (a worker posting results) carry the values. One accessor pair per key is shared by
 * every result, the state in private fields: a getter in the result's object literal is built in V8's runtime with
 * its closures and accessor pair each time (550–860 ns in a micro-benchmark, against about 150 ns for this; see
 * validation/lazy-error.ts).
 */
import type { ValidationError, ValidationResult } from '../validation/types';
import { toLlmContext } from '../validation/result';
import type { CallResult, ExtractedCall } from './types';

interface Position {
  index: number;
  line: number;
}

/** A result's plain keys, in a plain result's order; the lazy keys are defined after them. */
class CallResultKeys {
  index: number;
  line: number;
  status: CallResult['status'];
  format: CallResult['format'];
  tool: string;
  arguments: unknown;
  errors: ValidationError[];

  constructor(call: ExtractedCall, status: CallResult['status'], position: Position, errors: ValidationError[]) {
    this.index = position.index;
    this.line = position.line;
    this.status = status;
    this.format = call.format;
    this.tool = call.tool;
    this.arguments = call.arguments;
    this.errors = errors;
  }
}

class RejectedCall extends CallResultKeys {
  #llmText: string | ValidationResult;
  static readonly #llmTextAccessor: PropertyDescriptor = {
    get(this: RejectedCall): string {
      const slot = this.#llmText;
      if (typeof slot === 'string') return slot;
      const text = toLlmContext(slot);
      this.#llmText = text;
      return text;
    },
    set(this: RejectedCall, value: string) {
      this.#llmText = value;
    },
    enumerable: true,
    configurable: true,
  };

  constructor(call: ExtractedCall, validation: ValidationResult, status: CallResult['status'], position: Position) {
    super(call, status, position, validation.errors);
    Object.defineProperty(this, 'llmText', RejectedCall.#llmTextAccessor);
    this.#llmText = validation;
  }
}

/** A rejected call's result, its LLM text written when first read (`validate --batch` never reads it). */
export function rejectedCallResult(
  call: ExtractedCall,
  validation: ValidationResult,
  status: CallResult['status'],
  position: Position,
): CallResult {
  return new RejectedCall(call, validation, status, position) as unknown as CallResult;
}

/** What an unknown tool's result works its suggestions and text out from, once read. */
export interface UnknownToolTexts {
  suggest(typed: string): string[];
  text(typed: string, suggestions: readonly string[]): string;
}

class UnknownToolCall extends CallResultKeys {
  #texts: UnknownToolTexts;
  #suggestions: string[] | undefined;
  #llmText: string | undefined;
  static readonly #accessors: PropertyDescriptorMap = {
    suggestions: {
      get(this: UnknownToolCall): string[] {
        return (this.#suggestions ??= this.#texts.suggest(this.tool));
      },
      set(this: UnknownToolCall, value: string[]) {
        this.#suggestions = value;
      },
      enumerable: true,
      configurable: true,
    },
    llmText: {
      get(this: UnknownToolCall): string {
        return (this.#llmText ??= this.#texts.text(this.tool, (this.#suggestions ??= this.#texts.suggest(this.tool))));
      },
      set(this: UnknownToolCall, value: string) {
        this.#llmText = value;
      },
      enumerable: true,
      configurable: true,
    },
  };

  constructor(call: ExtractedCall, position: Position, errors: ValidationError[], texts: UnknownToolTexts) {
    super(call, 'unknown_tool', position, errors);
    Object.defineProperties(this, UnknownToolCall.#accessors);
    this.#texts = texts;
  }
}

/** An unknown tool's result, its suggestions and LLM text worked out when first read. */
export function unknownToolCallResult(
  call: ExtractedCall,
  position: Position,
  errors: ValidationError[],
  texts: UnknownToolTexts,
): CallResult {
  return new UnknownToolCall(call, position, errors, texts) as unknown as CallResult;
}
