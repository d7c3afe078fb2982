/**
 * The results whose texts are written when first read: a rejected call's LLM text, an unknown tool's suggestions and
 * text. Their keys are a plain result's, own and enumerable in the same order (the lazy ones accessors), so spreads,
 * JSON and structured clones (a worker posting results) carry the values. One accessor pair per key is shared by
 * every result, the state in private fields: a getter in the result's object literal is built in V8's runtime with
 * its closures and accessor pair each time (550–860 ns in a micro-benchmark, against about 150 ns for this; see
 * validation/lazy-error.ts).
 */
import type { ValidationError, ValidationResult } from '../validation/types';
import { toLlmContext } from '../validation/validator';
import type { CallResult, ExtractedCall } from './types';

interface Position {
  index: number;
  line: number;
}

class RejectedCall {
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
  declare index: number;
  declare line: number;
  declare status: CallResult['status'];
  declare format: CallResult['format'];
  declare tool: string;
  declare arguments: unknown;
  declare errors: ValidationError[];

  constructor(call: ExtractedCall, validation: ValidationResult, status: CallResult['status'], position: Position) {
    this.index = position.index;
    this.line = position.line;
    this.status = status;
    this.format = call.format;
    this.tool = call.tool;
    this.arguments = call.arguments;
    this.errors = validation.errors;
    Object.defineProperty(this, 'llmText', RejectedCall.#llmTextAccessor);
    this.#llmText = validation;
  }
}

/** A rejected call's result, its LLM text written when first read (`validate --batch` never reads it). */
export function rejectedCallResult(call: ExtractedCall, validation: ValidationResult, status: CallResult['status'], position: Position): CallResult {
  return new RejectedCall(call, validation, status, position) as unknown as CallResult;
}

/** What an unknown tool's result works its suggestions and text out from, once read. */
export interface UnknownToolTexts {
  suggest(typed: string): string[];
  text(typed: string, suggestions: readonly string[]): string;
}

class UnknownToolCall {
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
  declare index: number;
  declare line: number;
  declare status: CallResult['status'];
  declare format: CallResult['format'];
  declare tool: string;
  declare arguments: unknown;
  declare errors: ValidationError[];

  constructor(call: ExtractedCall, position: Position, errors: ValidationError[], texts: UnknownToolTexts) {
    this.index = position.index;
    this.line = position.line;
    this.status = 'unknown_tool';
    this.format = call.format;
    this.tool = call.tool;
    this.arguments = call.arguments;
    this.errors = errors;
    Object.defineProperties(this, UnknownToolCall.#accessors);
    this.#texts = texts;
  }
}

/** An unknown tool's result, its suggestions and LLM text worked out when first read. */
export function unknownToolCallResult(call: ExtractedCall, position: Position, errors: ValidationError[], texts: UnknownToolTexts): CallResult {
  return new UnknownToolCall(call, position, errors, texts) as unknown as CallResult;
}
