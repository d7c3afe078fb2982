/**
 * The reference the compiled warning checks (warning-checks.ts) are tested against: a call's warnings found the plain
 * way, by walking the tool's path parameters, rules and deprecated parameters on every call, in that order. It was the
 * validator's own pass before the checks were compiled once per rule list.
 */
import type { JsonObject, JsonSchema, JsonValue, ToolDefinition } from '../toolset/types';
import { appendPath, jsonEqual, ownValue } from './describe';
import type { RegexEngine } from './linear-engine';
import { plainPathKind } from './path-formats';
import { hasErrorAt, NO_WARNINGS, pathWarnings, type DeprecatedProperty, type PathProperty } from './rules';
import type { ValidationError, ValidationWarning } from './types';
import { warningPattern, type WarningPattern } from './warning-pattern';
import { compatibility, deprecated, largeValue, securityConcern, slowOperation } from './warnings';

/** A value by parameter path (`content`, `options.recursive`), own properties only. */
function valueAt(args: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = args;
  for (const segment of path) {
    current = ownValue(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

const parameterPath = (parameter: string): readonly string[] => parameter.split('.');

/** The given value, or the schema's default for a top-level parameter that was left out. */
function effectiveValue(args: Record<string, unknown>, schema: JsonSchema, parameter: string): unknown {
  const given = ownValue(args, parameter);
  if (given !== undefined) return given;
  return ownValue(ownValue(ownValue(schema, 'properties'), parameter), 'default');
}

function whenMatches(when: JsonObject, args: Record<string, unknown>, schema: JsonSchema): boolean {
  return Object.keys(when).every((key) => jsonEqual(effectiveValue(args, schema, key), when[key] as JsonValue));
}

/** The warnings of a call, in the order path remarks, the tool's rules, deprecated parameters; NO_WARNINGS when none. */
export function collectWarnings(
  tool: ToolDefinition,
  compiled: { pathProperties: readonly PathProperty[]; deprecatedProperties: readonly DeprecatedProperty[] },
  args: Record<string, unknown>,
  errors: readonly ValidationError[],
  regexEngine: RegexEngine,
): ValidationWarning[] {
  let warnings: ValidationWarning[] | null = null;
  for (const property of compiled.pathProperties) {
    const value = valueAt(args, property.path);
    if (property.items) {
      if (!Array.isArray(value)) continue;
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (typeof item === 'string' && plainPathKind(item) !== 1)
          warnings = pathWarnings(appendPath(property.parameter, index), item, errors, warnings);
      }
    } else if (typeof value === 'string' && plainPathKind(value) !== 1)
      warnings = pathWarnings(property.parameter, value, errors, warnings);
  }
  const rules = tool.warnings;
  if (rules !== undefined) {
    for (const rule of rules) {
      if (rule.code === 'large_value') {
        const value = valueAt(args, parameterPath(rule.parameter));
        if (typeof value === 'string' && value.length > rule.maxChars) {
          (warnings ??= []).push(
            largeValue(
              rule.parameter,
              `Parameter '${rule.parameter}' is ${value.length} characters, over ${rule.maxChars}. ${rule.description}`,
            ),
          );
        }
      } else if (rule.code === 'security_concern' || rule.code === 'compatibility') {
        const value = valueAt(args, parameterPath(rule.parameter));
        if (typeof value !== 'string' || hasErrorAt(errors, rule.parameter)) continue;
        const matched = patternOf(rule).test(value, regexEngine);
        if (matched === false) continue;
        // null: the value needs RE2, which the page has not loaded yet; the remark is made unchecked, so a
        // concern is never silently dropped (a hostile pattern must not run on the backtracking engine instead).
        const message =
          matched === null
            ? `Parameter '${rule.parameter}' was not checked yet (the pattern engine is still loading), so this may apply: ${rule.description}`
            : `Parameter '${rule.parameter}': ${rule.description}`;
        (warnings ??= []).push(
          rule.code === 'security_concern'
            ? securityConcern(rule.parameter, message)
            : compatibility(rule.parameter, message),
        );
      } else if (rule.code === 'slow_operation') {
        if (!whenMatches(rule.when, args, tool.inputSchema)) continue;
        if (rule.unlessPresent !== undefined && ownValue(args, rule.unlessPresent) !== undefined) continue;
        (warnings ??= []).push(slowOperation(Object.keys(rule.when)[0] ?? '', rule.description));
      }
    }
  }
  for (const property of compiled.deprecatedProperties) {
    if (valueAt(args, property.path) !== undefined)
      (warnings ??= []).push(deprecated(property.parameter, property.replacement));
  }
  return warnings ?? NO_WARNINGS;
}

/** Each rule's pattern kept, as the compiled checks keep theirs: a pattern learns from the engines it meets. */
const patterns = new WeakMap<object, WarningPattern>();
function patternOf(rule: { matches: string }): WarningPattern {
  let pattern = patterns.get(rule);
  if (pattern === undefined || pattern.source !== rule.matches) patterns.set(rule, (pattern = warningPattern(rule)));
  return pattern;
}
