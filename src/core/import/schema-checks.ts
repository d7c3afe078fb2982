/**
 * Checks an imported schema must pass before it is compiled: nothing is fetched (references that leave the
 * document are reported), references resolve (a recursive one is a warning: it validates as written, and the form
 * draws the recursive part only when asked to),
 * nesting is bounded, every type is a JSON Schema type, and every regex the schema holds — `pattern`
 * anywhere, `patternProperties` keys — is one the validator will run (no catastrophic backtracking).
 * Only schema positions are read: a `$ref` inside `default`, `enum`, `const` or `examples` is data.
 */
import { describeUnknownType, unknownTypes } from '../validation/compile-notes';
import type { RegexEngine } from '../validation/linear-engine';
import { compilePattern } from '../validation/regex';
import { deepestValue } from '../json/deepest-value';
import type { JsonValue } from '../json/json-value';
import { escapePointerSegment } from '../json/pointer';
import { eachSubschema } from '../json/walk-schema';
import { requiredIssues } from './required-names';
import { indexRefs, type RefIndex, type SchemaRef } from './schema-refs';
import { MAX_SCHEMA_DEPTH, type SchemaIssue } from './types';
import { isJsonObject } from '../json/is-json-object';

const quoted = (pattern: string) => JSON.stringify(pattern.slice(0, 60));

/** `regexEngine`: the importing validator's (`validator.regexEngine`), which decides how its patterns run. */
export function checkSchema(schema: unknown, regexEngine: RegexEngine): SchemaIssue[] {
  const compileLinear = regexEngine.current();
  const issues: SchemaIssue[] = [];
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    if (typeof node.pattern === 'string') {
      const compiled = compilePattern(node.pattern, compileLinear);
      if (!compiled.ok)
        issues.push({
          pointer: `${pointer}/pattern`,
          rule: 'unsafe_pattern',
          message: `pattern ${quoted(node.pattern)} is refused: ${compiled.reason}`,
        });
    }
    const keys = node.patternProperties;
    if (isJsonObject(keys)) {
      for (const key of Object.keys(keys)) {
        const compiled = compilePattern(key, compileLinear);
        if (!compiled.ok)
          issues.push({
            pointer: `${pointer}/patternProperties/${escapePointerSegment(key)}`,
            rule: 'unsafe_pattern',
            message: `patternProperties key ${quoted(key)} is refused: ${compiled.reason}`,
          });
      }
    }
  }
  issues.push(...requiredIssues(schema));
  for (const { pointer, type } of unknownTypes(schema))
    issues.push({ pointer: `${pointer}/type`, rule: 'unknown_type', message: describeUnknownType(pointer, type) });
  const index = indexRefs(schema);
  for (const ref of index.refs) {
    const target = index.resolve(ref);
    const at = `${ref.pointer}/${ref.keyword}`;
    if (target.kind === 'remote') {
      issues.push({
        pointer: at,
        rule: 'remote_ref',
        message: `${ref.keyword} ${JSON.stringify(ref.ref)} points outside this schema (to ${target.uri}); remote references are never fetched, so inline the referenced schema under $defs`,
      });
    } else if (target.kind === 'missing') {
      issues.push({
        pointer: at,
        rule: 'unresolved_ref',
        message: `${ref.keyword} ${JSON.stringify(ref.ref)} leads nowhere in this schema`,
      });
    }
  }
  const deepest = deepestValue(schema);
  if (deepest.depth > MAX_SCHEMA_DEPTH * 2) {
    // Each schema level is two JSON levels (properties → name); the limit counts schema levels.
    issues.push({
      pointer: deepest.pointer,
      rule: 'too_deep',
      message: `the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep; no provider accepts that, flatten it`,
    });
  }
  const cycle = findRefCycle(index);
  if (cycle) {
    issues.push({
      pointer: `${cycle.ref.pointer}/${cycle.ref.keyword}`,
      rule: 'recursive_ref',
      severity: 'warning',
      message: `${cycle.ref.keyword} ${JSON.stringify(cycle.ref.ref)} refers back to a schema that contains it (${cycle.chain.join(' → ')}): the schema is recursive. It validates as written; the form draws each recursive part only when it is expanded, and the JSON editor takes any depth`,
    });
  }
  return issues;
}

const inside = (pointer: string, container: string): boolean =>
  pointer === container || pointer.startsWith(`${container}/`);

/** The first reference (in document order) whose target contains, through references, that reference again. */
function findRefCycle(index: RefIndex): { ref: SchemaRef; chain: string[] } | null {
  const targets = new Map<SchemaRef, string | null>();
  for (const ref of index.refs) {
    const resolved = index.resolve(ref);
    targets.set(ref, resolved.kind === 'found' ? resolved.pointer : null);
  }
  const next = (ref: SchemaRef): SchemaRef[] => {
    const target = targets.get(ref);
    return target === null || target === undefined ? [] : index.refs.filter((other) => inside(other.pointer, target));
  };
  for (const origin of index.refs) {
    const seen = new Set<SchemaRef>();
    const stack: { ref: SchemaRef; chain: string[] }[] = [{ ref: origin, chain: [origin.ref] }];
    while (stack.length > 0) {
      const { ref, chain } = stack.pop()!;
      for (const inner of next(ref)) {
        if (inner === origin) return { ref: origin, chain: [...chain, inner.ref] };
        if (seen.has(inner) || chain.length >= 64) continue;
        seen.add(inner);
        stack.push({ ref: inner, chain: [...chain, inner.ref] });
      }
    }
  }
  return null;
}
