/**
 * A validator's compiled schemas: each schema compiled once (or served by a validator generated at build time),
 * with what the checks read beside Ajv's function (nesting bound, property order, path and deprecated
 * parameters, the warning checks of its rule list). One per validator; nothing is shared through module state.
 */
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../toolset/types';
import { isJsonObject } from '../json/is-json-object';
import { schemaHash, type PrecompiledValidator, type SchemaCompiler } from './precompiled';
import { ownValue, truncate } from './describe';
import { MAX_NESTING_DEPTH } from './limits';
import { collectDeprecated, collectPathProperties, nestingBound } from './schema-shape';
import type { DeprecatedProperty, PathProperty } from './rules';
import { formatChecksEveryPath } from './warning-checks';
import { createWarningPlan, type WarningPlan } from './warning-plan';
import type { PathFormats } from './path-formats';

/** A schema compiled for one validator: read-only once built; what its calls remember lives in `warningPlan`. */
export interface CompiledSchema {
  readonly validate: ValidateFunction | null;
  /** Ajv's "valid" proves the nesting limit (schema-shape.ts `nestingBound`), so the arguments need no walk first. */
  readonly boundedNesting: boolean;
  /** The schema's top-level properties in declaration order, for ordering errors. */
  readonly propertyNames: readonly string[];
  readonly pathProperties: readonly PathProperty[];
  /** Why the schema could not be compiled, in words a schema author can act on. */
  readonly failure?: string;
  /** Set when the schema was not compiled because this validator has no compiler (the page). */
  readonly uncompiled?: boolean;
  readonly deprecatedProperties: readonly DeprecatedProperty[];
  readonly compileMilliseconds: number;
  /** Ajv's own path formats see every path the remark pass reads (formatChecksEveryPath). */
  readonly pathsByFormat: boolean;
  /** The warning checks of the rule list last validated with this schema, made with it (warning-plan.ts). */
  readonly warningPlan: WarningPlan;
}

export interface CompiledSchemas {
  /** Compiled once per schema object; a schema equal to one already compiled under the same $id reuses it. */
  get(schema: JsonSchema): CompiledSchema;
  /** Whether a schema is served by a validator generated at build time (validating it compiles nothing). */
  hasPrecompiled(schema: JsonSchema): boolean;
  addPrecompiled(validators: Record<string, PrecompiledValidator>): void;
  /** Forget every compiled schema and start a fresh compiler. */
  reset(): void;
}

export function createCompiledSchemas(
  compiler: SchemaCompiler | null,
  initialPrecompiled: Record<string, PrecompiledValidator>,
  pathFormats: PathFormats,
): CompiledSchemas {
  let precompiled: ReadonlyMap<string, PrecompiledValidator> = new Map(Object.entries(initialPrecompiled));
  let compiledBySchema = new WeakMap<object, CompiledSchema>();
  let compiledById = new Map<string, { source: string; compiled: CompiledSchema }>();
  /** The schema compiled last: calls come in runs of one tool, and the WeakMap lookup costs as much as a small schema's Ajv check. */
  let lastSchema: object | null = null;
  let lastCompiled: CompiledSchema | null = null;

  function compileFresh(schema: JsonSchema, source: string): CompiledSchema {
    const started = performance.now();
    const deprecatedProperties: DeprecatedProperty[] = [];
    collectDeprecated(schema, [], '', deprecatedProperties);
    const pathProperties = collectPathProperties(schema);
    const boundedNesting = nestingBound(schema) <= MAX_NESTING_DEPTH;
    const properties = ownValue(schema, 'properties');
    const propertyNames = isJsonObject(properties) ? Object.keys(properties) : [];
    const shape = {
      boundedNesting,
      propertyNames,
      deprecatedProperties,
      pathProperties,
      pathsByFormat: false,
      warningPlan: createWarningPlan({ pathProperties, deprecatedProperties }, pathFormats),
    };
    const ready = typeof schema.$id === 'string' && source !== '' ? precompiled.get(schema.$id) : undefined;
    if (ready && ready.hash === schemaHash(source)) {
      // Its own copy where the factory is at hand, so the path formats report to this validator.
      const validate =
        ready.validatorFor === undefined ? ready.validate : ready.validatorFor(schema, pathFormats.definitions);
      return {
        validate,
        ...shape,
        pathsByFormat: formatChecksEveryPath(schema, pathProperties, validate, pathFormats),
        compileMilliseconds: performance.now() - started,
      };
    }
    if (compiler === null) {
      return {
        validate: null,
        ...shape,
        failure: 'the schema has no validator generated at build time, and schemas are not compiled here',
        uncompiled: true,
        compileMilliseconds: performance.now() - started,
      };
    }
    try {
      const validate = compiler.compile(schema);
      return {
        validate,
        ...shape,
        pathsByFormat: formatChecksEveryPath(schema, pathProperties, validate, pathFormats),
        compileMilliseconds: performance.now() - started,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'unknown problem';
      return {
        validate: null,
        ...shape,
        failure: truncate(reason, 200),
        compileMilliseconds: performance.now() - started,
      };
    }
  }

  function get(schema: JsonSchema): CompiledSchema {
    if (schema === lastSchema && lastCompiled !== null) return lastCompiled;
    const compiled = getUncached(schema);
    if (compiled.uncompiled !== true) {
      lastSchema = schema;
      lastCompiled = compiled;
    }
    return compiled;
  }

  function getUncached(schema: JsonSchema): CompiledSchema {
    const cached = compiledBySchema.get(schema);
    if (cached !== undefined) return cached;
    const id = typeof schema.$id === 'string' ? schema.$id : undefined;
    let source = '';
    if (id !== undefined) {
      try {
        source = JSON.stringify(schema);
      } catch {
        source = '';
      }
      const entry = compiledById.get(id);
      if (entry !== undefined && source !== '' && entry.source === source) {
        compiledBySchema.set(schema, entry.compiled);
        return entry.compiled;
      }
      // The same $id with other content (an edited schema): Ajv keeps one schema per id.
      if (entry !== undefined) compiler?.forget(id);
    }
    const compiled = compileFresh(schema, source);
    // Not remembered while uncompiled: a generated validator added later serves it.
    if (compiled.uncompiled === true) return compiled;
    compiledBySchema.set(schema, compiled);
    if (id !== undefined && source !== '' && compiled.validate !== null) compiledById.set(id, { source, compiled });
    return compiled;
  }

  return {
    get,
    hasPrecompiled(schema) {
      if (typeof schema.$id !== 'string') return false;
      const ready = precompiled.get(schema.$id);
      if (!ready) return false;
      try {
        return ready.hash === schemaHash(JSON.stringify(schema));
      } catch {
        return false;
      }
    },
    addPrecompiled(validators) {
      precompiled = new Map([...precompiled, ...Object.entries(validators)]);
    },
    reset() {
      compiler?.reset();
      compiledBySchema = new WeakMap();
      compiledById = new Map();
      lastSchema = null;
      lastCompiled = null;
    },
  };
}
