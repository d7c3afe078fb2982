/**
 * The bundled schemas' validators, generated as code by `npm run bundle`, one module per schema: the page loads
 * the one of the tool it shows (`PrecompiledLoads.load`, before the tool renders), so bundled tools are checked
 * without compiling (the page's policy forbids eval) and without shipping the 43 validators to every page. On a site
 * `tool-schemas site build` writes, the index fills as the page loads each tool's module (site-indexes.ts there).
 */
import type { JsonSchema } from '../../core/toolset/types';
import { schemaHash, type Validator } from '../../core/validation/validator';
import { validatorLoaders } from '../../generated/validator-loaders.js';

/** Marked the way React's `use` reads a settled promise, so an already loaded validator never suspends. */
const fulfilled = (promise: Promise<void>): Promise<void> =>
  Object.assign(promise, { status: 'fulfilled', value: undefined });
const settled = (): Promise<void> => fulfilled(Promise.resolve());

/** Whether a validator was generated for this very schema (loaded yet or not). */
export function hasGeneratedValidator(schema: JsonSchema): boolean {
  const id = schema.$id;
  if (typeof id !== 'string' || !Object.hasOwn(validatorLoaders, id)) return false;
  try {
    return validatorLoaders[id]!.hash === schemaHash(JSON.stringify(schema));
  } catch {
    return false;
  }
}

/** The loads of generated validators a page starts: `page.part(createPrecompiledLoads)`. */
export interface PrecompiledLoads {
  /**
   * Loads the generated validator of this schema into `validator`; settles at once when it is loaded or there is none.
   * Never rejects: a validator that failed to load leaves the schema to the worker (see SchemaChecks.elsewhere), and the
   * next call retries. The same promise for the same validator and schema id while it loads, as React's `use` needs.
   */
  load(validator: Validator, schema: JsonSchema): Promise<void>;
}

export function createPrecompiledLoads(): PrecompiledLoads {
  /** Loads under way, by validator (an embed beside the site has its own) and schema id. */
  const loadsBy = new WeakMap<Validator, Map<string, Promise<void>>>();
  const loadsOf = (validator: Validator): Map<string, Promise<void>> => {
    let loads = loadsBy.get(validator);
    if (!loads) loadsBy.set(validator, (loads = new Map()));
    return loads;
  };
  return {
    load(validator, schema) {
      const id = schema.$id;
      if (typeof id !== 'string' || validator.hasPrecompiled(schema) || !hasGeneratedValidator(schema))
        return settled();
      const loads = loadsOf(validator);
      const known = loads.get(id);
      if (known) return known;
      const loader = validatorLoaders[id]!;
      const loading: Promise<void> = loader.load().then(
        (validatorFor) => {
          validator.addPrecompiled({ [id]: { hash: loader.hash, validate: validatorFor(schema), validatorFor } });
          fulfilled(loading);
        },
        () => {
          loads.delete(id);
          fulfilled(loading);
        },
      );
      loads.set(id, loading);
      return loading;
    },
  };
}
