/**
 * Checks an imported schema must pass before it is compiled: nothing is fetched (remote `$ref`s are
 * reported), references resolve and do not loop (a form for a recursive schema never ends), nesting is
 * bounded, and every `pattern` is one the validator will run (no catastrophic backtracking).
 */
import { compilePattern } from '../validation/pattern-safety';
import { isRecord, segment } from './formats/shared';
import { MAX_SCHEMA_DEPTH, type ImportRule } from './types';

export interface SchemaIssue {
  /** Pointer inside the schema. */
  pointer: string;
  rule: ImportRule;
  message: string;
}

interface Visit {
  node: unknown;
  pointer: string;
  depth: number;
}

/** Every object node of a schema with its pointer and depth, iteratively (no stack overflow on deep input). */
function* nodes(schema: unknown): Generator<Visit> {
  const stack: Visit[] = [{ node: schema, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    yield visit;
    const { node, pointer, depth } = visit;
    if (Array.isArray(node)) node.forEach((child, index) => stack.push({ node: child, pointer: `${pointer}/${index}`, depth: depth + 1 }));
    else if (isRecord(node)) for (const [key, child] of Object.entries(node)) if (typeof child === 'object' && child !== null) stack.push({ node: child, pointer: `${pointer}/${segment(key)}`, depth: depth + 1 });
  }
}

function resolveLocal(schema: unknown, ref: string): { found: true; value: unknown } | { found: false } {
  if (ref === '#') return { found: true, value: schema };
  if (!ref.startsWith('#/')) return { found: false };
  let current: unknown = schema;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return { found: false };
    }
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isRecord(current) && key in current) current = current[key];
    else return { found: false };
  }
  return { found: true, value: current };
}

/** Local targets a subtree refers to, directly. */
function refsIn(subtree: unknown): { pointer: string; ref: string }[] {
  const refs: { pointer: string; ref: string }[] = [];
  for (const { node, pointer } of nodes(subtree)) if (isRecord(node) && typeof node.$ref === 'string') refs.push({ pointer, ref: node.$ref });
  return refs;
}

export function checkSchema(schema: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  let deepest: Visit | null = null;
  for (const visit of nodes(schema)) {
    if (!deepest || visit.depth > deepest.depth) deepest = visit;
    const { node, pointer } = visit;
    if (!isRecord(node)) continue;
    if (typeof node.pattern === 'string' && !pointer.endsWith('/properties')) {
      const compiled = compilePattern(node.pattern);
      if (!compiled.ok) issues.push({ pointer: `${pointer}/pattern`, rule: 'unsafe_pattern', message: `pattern ${JSON.stringify(node.pattern.slice(0, 60))} is refused: ${compiled.reason}` });
    }
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (!ref.startsWith('#')) {
        issues.push({ pointer: `${pointer}/$ref`, rule: 'remote_ref', message: `$ref ${JSON.stringify(ref)} points outside this schema; remote references are never fetched, so inline the referenced schema under $defs` });
      } else if (!resolveLocal(schema, ref).found) {
        issues.push({ pointer: `${pointer}/$ref`, rule: 'unresolved_ref', message: `$ref ${JSON.stringify(ref)} leads nowhere in this schema` });
      }
    }
  }
  if (deepest && deepest.depth > MAX_SCHEMA_DEPTH * 2) {
    // Each schema level is two JSON levels (properties → name); the limit counts schema levels.
    issues.push({ pointer: deepest.pointer, rule: 'too_deep', message: `the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep; no provider accepts that, flatten it` });
  }
  const cycle = findRefCycle(schema);
  if (cycle) issues.push({ pointer: `${cycle.pointer}/$ref`, rule: 'recursive_ref', message: `$ref ${JSON.stringify(cycle.ref)} refers back to a schema that contains it (${cycle.chain.join(' → ')}); recursive schemas cannot be shown as a form, so write the nesting out to a fixed depth` });
  return issues;
}

/** The first chain of local references that leads back to itself, if any. */
function findRefCycle(schema: unknown): { pointer: string; ref: string; chain: string[] } | null {
  const start = refsIn(schema).filter(({ ref }) => ref.startsWith('#'));
  const settled = new Set<string>();
  for (const origin of start) {
    const stack: { ref: string; chain: string[] }[] = [{ ref: origin.ref, chain: [origin.ref] }];
    while (stack.length > 0) {
      const { ref, chain } = stack.pop()!;
      if (settled.has(ref)) continue;
      const target = resolveLocal(schema, ref);
      if (!target.found) continue;
      for (const inner of refsIn(target.value)) {
        if (!inner.ref.startsWith('#')) continue;
        if (chain.includes(inner.ref) || ref === '#') return { pointer: origin.pointer, ref: origin.ref, chain: [...chain, inner.ref] };
        if (chain.length < 64) stack.push({ ref: inner.ref, chain: [...chain, inner.ref] });
      }
    }
    settled.add(origin.ref);
  }
  return null;
}
