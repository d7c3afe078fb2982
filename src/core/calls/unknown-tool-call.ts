/**
 * An unknown tool's result, its suggestions and LLM text worked out when first read (./lazy-result-keys.ts says why
 * and how).
 */
import type { ValidationError } from '../validation/types';
import { CallResultKeys, type Position } from './lazy-result-keys';
import type { CallResult, ExtractedCall } from './types';

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
