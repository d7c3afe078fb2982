/**
 * A tool's warnings compiled into the checks that can apply, once per schema and rule list: paths split, defaults
 * read and patterns kept, so a call only reads its own values. A tool with no path parameter, rule or deprecated
 * parameter gets no checks at all (null).
 *
 * Measured (`npm run bench -- validation`, execute_command's valid calls, about 305 to 250 ns): the pass they replace
 * (`collectWarnings`, now the tests' reference in warning-checks.test-support.ts) spent much of its time finding things
 * again on every call (the rule's pattern in a WeakMap, its split parameter in a Map, the rule kind by string
 * comparison). warning-checks.test.ts checks the two agree on generated arguments.
 */
import type { JsonValue, ToolDefinition, WarningRule } from '../toolset/types';
import { appendPath, jsonEqual, ownValue } from './describe';
import type { RegexEngine } from './linear-engine';
import { plainPathKind as plainPathKindAlone, type PathFormats } from './path-formats';
import { hasErrorAt, NO_WARNINGS, pathWarnings, type DeprecatedProperty, type PathProperty } from './rules';
import type { ValidationError, ValidationWarning } from './types';
import { warningPattern, type WarningPattern } from './warning-pattern';
import { compatibility, deprecated, largeValue, securityConcern, slowOperation } from './warnings';

/** `pathsClean`: Ajv's format check found every path clean in this call (formatChecksEveryPath), so no path earns a remark. */
export type WarningChecks = (
  args: Record<string, unknown>,
  errors: readonly ValidationError[],
  regexEngine: RegexEngine,
  pathsClean: boolean,
) => ValidationWarning[];

const hasOwn = Object.prototype.hasOwnProperty;

/** A value by parameter path, own properties only (rules.ts `valueAt`); one segment read directly. */
function valueAt(args: Record<string, unknown>, path: readonly string[]): unknown {
  if (path.length === 1) {
    const key = path[0]!;
    const value = args[key];
    return value !== undefined && hasOwn.call(args, key) ? value : undefined;
  }
  let current: unknown = args;
  for (let index = 0; index < path.length; index++) {
    current = ownValue(current, path[index]!);
    if (current === undefined) return undefined;
  }
  return current;
}

/** One rule, ready: every entry has the same shape, so the loop below stays monomorphic. */
interface RuleCheck {
  /** 0 large_value, 1 a pattern (security_concern, compatibility), 2 slow_operation. */
  kind: 0 | 1 | 2;
  rule: WarningRule;
  parameter: string;
  path: readonly string[];
  maxChars: number;
  /** Set on first use. */
  pattern: WarningPattern | null;
  /** slow_operation: each `when` name with the value it must have and the schema's default for it. */
  when: { key: string; equals: JsonValue; fallback: unknown }[];
  unlessPresent: string | undefined;
  slowParameter: string;
  /** slow_operation: its warning, the same for every call (made on first use, frozen, shared by the results). */
  warning: ValidationWarning | null;
}

function ruleCheck(rule: WarningRule, schema: ToolDefinition['inputSchema']): RuleCheck | null {
  const base = {
    rule,
    parameter: '',
    path: [] as readonly string[],
    maxChars: 0,
    pattern: null,
    when: [],
    unlessPresent: undefined,
    slowParameter: '',
    warning: null,
  };
  if (rule.code === 'large_value')
    return { ...base, kind: 0, parameter: rule.parameter, path: rule.parameter.split('.'), maxChars: rule.maxChars };
  if (rule.code === 'security_concern' || rule.code === 'compatibility') {
    return { ...base, kind: 1, parameter: rule.parameter, path: rule.parameter.split('.') };
  }
  if (rule.code === 'slow_operation') {
    const properties = ownValue(schema, 'properties');
    const when = Object.keys(rule.when).map((key) => ({
      key,
      equals: rule.when[key] as JsonValue,
      fallback: ownValue(ownValue(properties, key), 'default'),
    }));
    return {
      ...base,
      kind: 2,
      when,
      unlessPresent: rule.unlessPresent,
      slowParameter: Object.keys(rule.when)[0] ?? '',
    };
  }
  return null;
}

function slowMatches(check: RuleCheck, args: Record<string, unknown>): boolean {
  for (let index = 0; index < check.when.length; index++) {
    const { key, equals, fallback } = check.when[index]!;
    const given = ownValue(args, key);
    if (!jsonEqual(given !== undefined ? given : fallback, equals)) return false;
  }
  return check.unlessPresent === undefined || ownValue(args, check.unlessPresent) === undefined;
}

/**
 * The tool's checks, in collectWarnings' order (path remarks, rules, deprecated parameters), or null when none
 * can ever apply. The definition is read now: a tool edited later is planned again (the validator keys its
 * plan on the schema and rule list), and a pattern edited in place is recompiled (warning-pattern.ts).
 */
export function compileWarningChecks(
  tool: ToolDefinition,
  shape: { pathProperties: readonly PathProperty[]; deprecatedProperties: readonly DeprecatedProperty[] },
  /** The validator's path formats, whose memo the remark pass shares (one that remembers nothing where none is given). */
  pathFormats: Pick<PathFormats, 'plainPathKind'> = { plainPathKind: plainPathKindAlone },
): WarningChecks | null {
  const plainPathKind = pathFormats.plainPathKind;
  const paths = shape.pathProperties;
  const deprecatedProperties = shape.deprecatedProperties;
  const rules: RuleCheck[] = [];
  for (const rule of tool.warnings ?? []) {
    const check = ruleCheck(rule, tool.inputSchema);
    if (check !== null) rules.push(check);
  }
  if (paths.length === 0 && rules.length === 0 && deprecatedProperties.length === 0) return null;

  return (args, errors, regexEngine, pathsClean) => {
    let warnings: ValidationWarning[] | null = null;
    const pathCount = pathsClean ? 0 : paths.length;
    for (let index = 0; index < pathCount; index++) {
      const property = paths[index]!;
      if (!property.items && property.path.length === 1) {
        // Read first and owned checked last: a clean path (nearly every call) costs one read and the memo's compare.
        const key = property.path[0]!;
        const value = args[key];
        if (typeof value === 'string' && plainPathKind(value) !== 1 && hasOwn.call(args, key))
          warnings = pathWarnings(property.parameter, value, errors, warnings);
        continue;
      }
      const value = valueAt(args, property.path);
      if (property.items) {
        if (!Array.isArray(value)) continue;
        for (let item = 0; item < value.length; item++) {
          const entry: unknown = value[item];
          if (typeof entry === 'string' && plainPathKind(entry) !== 1)
            warnings = pathWarnings(appendPath(property.parameter, item), entry, errors, warnings);
        }
      } else if (typeof value === 'string' && plainPathKind(value) !== 1)
        warnings = pathWarnings(property.parameter, value, errors, warnings);
    }
    for (let index = 0; index < rules.length; index++) {
      const check = rules[index]!;
      if (check.kind === 0) {
        const value = valueAt(args, check.path);
        if (typeof value === 'string' && value.length > check.maxChars) {
          const rule = check.rule as Extract<WarningRule, { code: 'large_value' }>;
          (warnings ??= []).push(
            largeValue(
              check.parameter,
              `Parameter '${check.parameter}' is ${value.length} characters, over ${check.maxChars}. ${rule.description}`,
            ),
          );
        }
      } else if (check.kind === 1) {
        const value = valueAt(args, check.path);
        if (typeof value !== 'string' || hasErrorAt(errors, check.parameter)) continue;
        const rule = check.rule as Extract<WarningRule, { matches: string }>;
        // Compiled on first use, as collectWarnings does (a rule that never sees a string never compiles).
        let pattern = check.pattern;
        if (pattern === null || pattern.source !== rule.matches) pattern = check.pattern = warningPattern(rule);
        const matched = pattern.test(value, regexEngine);
        if (matched === false) continue;
        const message =
          matched === null
            ? `Parameter '${check.parameter}' was not checked yet (the pattern engine is still loading), so this may apply: ${rule.description}`
            : `Parameter '${check.parameter}': ${rule.description}`;
        (warnings ??= []).push(
          rule.code === 'security_concern'
            ? securityConcern(check.parameter, message)
            : compatibility(check.parameter, message),
        );
      } else if (slowMatches(check, args)) {
        (warnings ??= []).push(
          (check.warning ??= Object.freeze(slowOperation(check.slowParameter, check.rule.description))),
        );
      }
    }
    for (let index = 0; index < deprecatedProperties.length; index++) {
      const property = deprecatedProperties[index]!;
      if (valueAt(args, property.path) !== undefined)
        (warnings ??= []).push(deprecated(property.parameter, property.replacement));
    }
    return warnings ?? NO_WARNINGS;
  };
}

const hasReference = (schema: Record<string, unknown>) =>
  schema.$ref !== undefined || schema.$dynamicRef !== undefined || schema.$recursiveRef !== undefined;

/** Not clean (a backslash), so a path format that sees it counts it (path-formats.ts `uncleanCount`). */
const PROBE = 'probe\\path';

/**
 * Whether Ajv's `validate` runs path-formats.ts's format on every value the remark pass reads, so that an unchanged
 * unclean count around a call (Ajv runs with allErrors) proves the pass has nothing to say. Each path property is tried once with an
 * unclean value (a compiler with other formats, or none, counts nothing: no skip); a `$ref` (whose siblings draft-07
 * ignores) or `prefixItems` (items the format does not see) anywhere on the way rules it out.
 */
export function formatChecksEveryPath(
  schema: Record<string, unknown>,
  paths: readonly PathProperty[],
  validate: (data: unknown) => unknown,
  pathFormats: PathFormats,
): boolean {
  if (paths.length === 0 || hasReference(schema)) return false;
  const properties = ownValue(schema, 'properties');
  for (const property of paths) {
    const name = property.path[0]!;
    const propertySchema = ownValue(properties, name);
    if (
      property.path.length !== 1 ||
      propertySchema === null ||
      typeof propertySchema !== 'object' ||
      hasReference(propertySchema as Record<string, unknown>)
    )
      return false;
    if (property.items) {
      const items = ownValue(propertySchema, 'items');
      if (
        ownValue(propertySchema, 'prefixItems') !== undefined ||
        items === null ||
        typeof items !== 'object' ||
        hasReference(items as Record<string, unknown>)
      )
        return false;
    }
    const before = pathFormats.uncleanCount();
    try {
      validate({ [name]: property.items ? [PROBE] : PROBE });
    } catch {
      return false;
    }
    if (pathFormats.uncleanCount() === before) return false;
  }
  return true;
}
