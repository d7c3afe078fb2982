/** A rejected call's result, its LLM text written when first read (./lazy-result-keys.ts says why and how). */
import type { ValidationResult } from '../validation/types';
import { toLlmContext } from '../validation/result';
import { CallResultKeys, type Position } from './lazy-result-keys';
import type { CallResult, ExtractedCall } from './types';

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
