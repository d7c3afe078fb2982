/**
 * The one validator every surface calls: the form, the editor's markers, the CLI and the runtime.
 * Ajv (Draft 2020-12) checks the schema; this module turns its errors into the closed set of
 * codes, one error per cause, then applies the cross-parameter rules and warnings a schema cannot state.
 */
import type { PrecompiledValidator, SchemaCompiler } from './precompiled';
import type { JsonSchema, ToolDefinition } from '../toolset/types';
import { createErrorMemos } from './error-memos';
import { truncate } from './describe';
import { invalidValue } from './errors';
import { parseArguments, type JsonParseError } from './json-text';
import { createPathFormats } from './path-formats';
import { NO_REGEX_ENGINE, type RegexEngine } from './linear-engine';
import type { ValidateOptions, ValidationResult } from './types';
import { createCompiledSchemas } from './compiled-schemas';
import { checkArguments } from './check-arguments';

export { parseArguments } from './json-text';
export { toLlmContext } from './result';

export { MAX_NESTING_DEPTH } from './limits';
export { verboseTrace } from './trace';
export { schemaHash } from './precompiled';
export type { PrecompiledValidator, PrecompiledValidatorLoader } from './precompiled';

type PrecompileOutcome = { ok: true; milliseconds: number } | { ok: false; message: string; milliseconds: number };

export interface ValidatorOptions {
  /** Compiles schemas without a generated validator (compile.ts: `createAjvCompiler()`); none on the page. */
  compile?: SchemaCompiler | null;
  /** Validators generated at build time, by schema `$id` (the page's path). */
  precompiled?: Record<string, PrecompiledValidator>;
  /**
   * RE2, for warning patterns (and, through the compiler, schema patterns): ready from the start where compiling
   * happens (compile.ts), loaded on demand by the page (`lazyRegexEngine`). Without one, warning patterns a native
   * engine may not run are reported unchecked.
   */
  regexEngine?: RegexEngine;
}

/**
 * The one validator every surface calls: the form, the editor's markers, the CLI and the runtime. Each entry
 * point builds one with `createValidator` and passes it down (as rjsf passes its `validator`); it holds its
 * compiler, its generated validators and its caches, and nothing is shared through module state.
 */
export interface Validator {
  validate(tool: ToolDefinition, args: unknown, options?: ValidateOptions): ValidationResult;
  validateText(
    tool: ToolDefinition,
    text: string,
    options?: ValidateOptions,
  ): ValidationResult & { parseError?: JsonParseError };
  /** Compile a tool's schema ahead of use. Reports whether it compiles, and how long compiling took. */
  precompile(tool: ToolDefinition): PrecompileOutcome;
  /** Whether schemas without a generated validator can be compiled by this validator. */
  readonly canCompile: boolean;
  /** The RE2 engine it was given (NO_REGEX_ENGINE when none): what it runs patterns on, and what loads it. */
  readonly regexEngine: RegexEngine;
  /** Whether a schema is served by a validator generated at build time (validating it compiles nothing). */
  hasPrecompiled(schema: JsonSchema): boolean;
  /** Adds generated validators (the page loads the one of the tool it shows on demand). */
  addPrecompiled(validators: Record<string, PrecompiledValidator>): void;
  /** Forget every compiled schema and start a fresh compiler (benchmarks measure cold compiles with it). */
  reset(): void;
}

export function createValidator(options: ValidatorOptions = {}): Validator {
  const compiler = options.compile ?? null;
  const regexEngine = options.regexEngine ?? NO_REGEX_ENGINE;
  /** The path formats Ajv checks with: the compiler's, or (validators generated at build time) this validator's own. */
  const pathFormats = compiler?.pathFormats ?? createPathFormats();
  const compiledSchemas = createCompiledSchemas(compiler, options.precompiled ?? {}, pathFormats);
  const getCompiled = compiledSchemas.get;
  /** What mapping errors remembers between calls (ajv-errors.ts): this validator's own. */
  let errorMemos = createErrorMemos(pathFormats);

  const validate = (tool: ToolDefinition, args: unknown, validateOptions?: ValidateOptions): ValidationResult => {
    try {
      return checkArguments(
        tool,
        args,
        validateOptions?.lenient === true,
        validateOptions?.duplicateKeys,
        getCompiled,
        regexEngine,
        errorMemos,
      );
    } catch {
      return {
        valid: false,
        errors: [
          invalidValue(
            '',
            'Arguments could not be validated because of an internal error; no part of them was accepted',
          ),
        ],
        warnings: [],
      };
    }
  };

  return {
    validate,
    validateText(tool, text, validateOptions) {
      const parsed = parseArguments(text);
      if (!parsed.ok) {
        return {
          valid: false,
          errors: [
            {
              parameter: '',
              code: 'invalid_value',
              message: `Arguments are not valid JSON: ${parsed.error.message}`,
              expected: 'A JSON object',
            },
          ],
          warnings: [],
          parseError: parsed.error,
        };
      }
      return validate(
        tool,
        parsed.value,
        parsed.duplicateKeys === undefined
          ? validateOptions
          : { ...validateOptions, duplicateKeys: parsed.duplicateKeys },
      );
    },
    precompile(tool) {
      try {
        const compiled = getCompiled(tool.inputSchema);
        if (compiled.validate === null)
          return {
            ok: false,
            message: compiled.failure ?? 'the schema does not compile',
            milliseconds: compiled.compileMilliseconds,
          };
        return { ok: true, milliseconds: compiled.compileMilliseconds };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? truncate(error.message, 200) : 'the schema does not compile',
          milliseconds: 0,
        };
      }
    },
    canCompile: compiler !== null,
    regexEngine,
    hasPrecompiled: compiledSchemas.hasPrecompiled,
    addPrecompiled: compiledSchemas.addPrecompiled,
    reset() {
      compiledSchemas.reset();
      errorMemos = createErrorMemos(pathFormats);
    },
  };
}
