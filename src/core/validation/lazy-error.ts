import type { ValidationError } from './types';

/**
 * An error whose message is written only when first read, for the messages that search for a suggestion or
 * describe several forms: the batch checker and the runtime read codes and parameters, rarely the text. Its keys are
 * a plain error's, own and enumerable in the same order (`message` an accessor), so spreads, JSON and structured
 * clones see the text; the maker, then the text, sit in a private field.
 *
 * A getter in the error's object literal cost 550–860 ns an error in a micro-benchmark (V8 builds such a literal in
 * its runtime, two closures and an accessor pair each time, and the garbage was a third of a loop over invalid calls
 * in --cpu-prof); this class defines one shared accessor pair: about 150 ns.
 */
class LazyError {
  #message: string | (() => string);
  static readonly #messageAccessor: PropertyDescriptor = {
    get(this: LazyError): string {
      const slot = this.#message;
      if (typeof slot === 'string') return slot;
      const text = slot();
      this.#message = text;
      return text;
    },
    set(this: LazyError, value: string) {
      this.#message = value;
    },
    enumerable: true,
    configurable: true,
  };
  declare expected?: string;
  declare actual?: string;

  constructor(
    readonly parameter: string,
    readonly code: ValidationError['code'],
    message: () => string,
  ) {
    Object.defineProperty(this, 'message', LazyError.#messageAccessor);
    this.#message = message;
  }
}

export function lazyError(
  parameter: string,
  code: ValidationError['code'],
  message: () => string,
  expected?: string,
  actual?: string,
): ValidationError {
  const error = new LazyError(parameter, code, message) as unknown as ValidationError;
  if (expected !== undefined) error.expected = expected;
  if (actual !== undefined) error.actual = actual;
  return error;
}
