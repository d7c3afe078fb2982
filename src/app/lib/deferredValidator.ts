/**
 * The page's validator before its code has arrived. The validator and its error mapping were some 19 KB gzip of the
 * catalog's first scripts, which validates nothing: main.tsx hands every component this stand-in, and the pages that
 * validate (a tool, Models, Evals) wait for `validatorReady` beside their own chunk, so they never see it unloaded.
 * A call made before then throws rather than answer without a validator.
 */
import type { Validator } from '../../core/validation/validator';
import { loadOnce, settledWith } from './preload';

/**
 * How a stand-in starts loading its validator, kept on the stand-in itself (a validator built whole has none: it is
 * ready). A symbol, so it is no method of the Validator a caller could mistake for one.
 */
const START = Symbol('start loading the validator');
type StandIn = Validator & { readonly [START]?: () => Promise<Validator> };
const READY = settledWith<unknown>(undefined);

export function deferredValidator(load: () => Promise<Validator>): Validator {
  let real: Validator | null = null;
  const start = loadOnce(() => load().then((validator) => (real = validator)));
  const loaded = (): Validator => {
    if (real === null)
      throw new Error("The page's validator is still loading: a page that validates waits for validatorReady() first.");
    return real;
  };
  const validator: StandIn = {
    [START]: start,
    validate: (tool, args, options) => loaded().validate(tool, args, options),
    validateText: (tool, text, options) => loaded().validateText(tool, text, options),
    precompile: (tool) => loaded().precompile(tool),
    get canCompile() {
      return loaded().canCompile;
    },
    get regexEngine() {
      return loaded().regexEngine;
    },
    hasPrecompiled: (schema) => loaded().hasPrecompiled(schema),
    addPrecompiled: (validators) => loaded().addPrecompiled(validators),
    reset: () => loaded().reset(),
  };
  return validator;
}

/**
 * Settles once `validator` can validate, starting to load a stand-in's code; the same promise each time, marked as it
 * settles, so React's `use` reads a loaded one without suspending.
 */
export function validatorReady(validator: Validator): Promise<unknown> {
  return (validator as StandIn)[START]?.() ?? READY;
}
