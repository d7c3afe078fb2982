/**
 * The official JSON-Schema-Test-Suite (draft2020-12 and draft7, vendored with its license and provenance) run
 * through the validator exactly as an imported tool's schema is: the import's checks (schema-checks.ts), then
 * the compile the validation runtime registers (compile.ts: the declared draft's Ajv, guarded patterns, formats),
 * then the compiled function on each case's data. Every verdict must be the suite's, except the cases listed with
 * their reason in json-schema-test-suite/deviations.json; a listed group that no longer deviates fails too.
 *
 * The suite's remote schemas (json-schema-test-suite/remotes/, served at http://localhost:1234/ by its own
 * harness) are given as its README asks, from a local registry: the validator never fetches, so each one a
 * group references is embedded in the group's schema under its URL as `$id` (a compound schema document),
 * the way a bundler would ship it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../import/schema-checks';
import type { JsonSchema } from '../toolset/types';
import Ajv2020 from 'ajv/dist/2020';
import { compileWithLog, RE2_ENGINE } from './compile';
import deviationsFile from './json-schema-test-suite/deviations.json';

const DRAFTS = {
  'draft2020-12': 'https://json-schema.org/draft/2020-12/schema',
  draft7: 'http://json-schema.org/draft-07/schema#',
} as const;
type Draft = keyof typeof DRAFTS;

interface SuiteCase {
  description: string;
  data: unknown;
  valid: boolean;
}
interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: SuiteCase[];
}
interface Deviation {
  draft: Draft;
  file: string;
  groups: '*' | string[];
  reason: string;
}

const deviations = deviationsFile.deviations as Deviation[];
const folder = new URL('./json-schema-test-suite/', import.meta.url);
const REMOTE_ORIGIN = 'http://localhost:1234/';
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

const absolute = (reference: string, base: string): string | undefined => {
  try {
    const url = new URL(reference, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
};

/** The remote documents a schema (and those documents, in turn) references, by URL, from the vendored remotes/. */
function remotesOf(schema: unknown): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  const own = new Set<string>();
  const needed: string[] = [];
  let original = true;
  const walk = (node: unknown, base: string) => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, base));
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    let here = base;
    if (typeof record.$id === 'string') {
      here = absolute(record.$id, base) ?? base;
      if (original) own.add(here);
    }
    for (const [key, value] of Object.entries(record)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string') {
        const target = absolute(value, here);
        if (target?.startsWith(REMOTE_ORIGIN)) needed.push(target);
      } else walk(value, here);
    }
  };
  walk(schema, 'tool-schema:///suite-case');
  original = false;
  while (needed.length > 0) {
    const url = needed.pop()!;
    if (found.has(url) || own.has(url)) continue;
    let text: string;
    try {
      text = readFileSync(new URL(`remotes/${url.slice(REMOTE_ORIGIN.length)}`, folder), 'utf8');
    } catch {
      continue;
    }
    const document = JSON.parse(text) as Record<string, unknown>;
    const { $schema: _declared, ...rest } = document;
    const remote = typeof rest.$id === 'string' ? rest : { $id: url, ...rest };
    found.set(url, remote);
    walk(remote, url);
  }
  return found;
}

/** The schema with the remote documents it needs embedded (draft-07 under definitions, 2020-12 under $defs). */
function withRemotes(schema: unknown, draft: Draft): { schema: unknown; remotes: string[] } {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { schema, remotes: [] };
  const remotes = remotesOf(schema);
  if (remotes.size === 0) return { schema, remotes: [] };
  const key = draft === 'draft7' ? 'definitions' : '$defs';
  const record = schema as Record<string, unknown>;
  const embedded = Object.fromEntries([...remotes].map(([url, remote]) => [`remote ${url}`, remote]));
  return {
    schema: { ...record, [key]: { ...(record[key] as object | undefined), ...embedded } },
    remotes: [...remotes.keys()],
  };
}

/** The schema as a tool would carry it: declaring the draft its folder tests (the suite's convention). */
function declared(schema: unknown, draft: Draft): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || '$schema' in schema) return schema;
  return { $schema: DRAFTS[draft], ...schema };
}

interface Outcome {
  draft: Draft;
  file: string;
  group: string;
  test: string;
  expected: boolean;
  /** The verdict, or why there is none (the schema does not compile, or validating threw). */
  actual: boolean | string;
  importRefusals: string[];
  /** Remote documents the harness embedded for this group. */
  remotes: string[];
}

function runSuite(): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const draft of Object.keys(DRAFTS) as Draft[]) {
    for (const file of readdirSync(new URL(`${draft}/`, folder))
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const groups = JSON.parse(readFileSync(new URL(`${draft}/${file}`, folder), 'utf8')) as SuiteGroup[];
      for (const group of groups) {
        const schema = declared(group.schema, draft);
        const importRefusals =
          typeof schema === 'object' && schema !== null
            ? checkSchema(schema, RE2_ENGINE)
                .filter((issue) => issue.severity !== 'warning')
                .map((issue) => issue.rule)
            : [];
        const bundled = withRemotes(schema, draft);
        let validate: ((data: unknown) => boolean) | null = null;
        let failure = '';
        try {
          validate = compileWithLog(bundled.schema as JsonSchema).validate;
        } catch (error) {
          failure = `does not compile: ${error instanceof Error ? error.message : String(error)}`;
        }
        for (const test of group.tests) {
          let actual: boolean | string = failure;
          if (validate !== null) {
            try {
              actual = validate(test.data);
            } catch (error) {
              actual = `threw: ${error instanceof Error ? error.message : String(error)}`;
            }
          }
          outcomes.push({
            draft,
            file,
            group: group.description,
            test: test.description,
            expected: test.valid,
            actual,
            importRefusals,
            remotes: bundled.remotes,
          });
        }
      }
    }
  }
  return outcomes;
}

const listed = (outcome: Outcome): Deviation | undefined =>
  deviations.find(
    (entry) =>
      entry.draft === outcome.draft &&
      entry.file === outcome.file &&
      (entry.groups === '*' || entry.groups.includes(outcome.group)),
  );

describe('JSON-Schema-Test-Suite (draft2020-12, draft7)', () => {
  const outcomes = runSuite();
  const differing = outcomes.filter((outcome) => outcome.actual !== outcome.expected);

  it('gives the suite verdict on every case but the documented deviations', () => {
    const unexplained = differing
      .filter((outcome) => listed(outcome) === undefined)
      .map(
        ({ draft, file, group, test, expected, actual }) =>
          `${draft}/${file} | ${group} | ${test}: expected ${expected}, got ${actual}`,
      );
    expect(unexplained).toEqual([]);
    // The figures the README quotes.
    expect(outcomes.length).toBe(2226);
    expect(outcomes.length - differing.length).toBe(2180);
  });

  it('agrees with the suite on draft 2020-12 at least as often as raw Ajv 2020 given the same schemas', () => {
    let rawAgrees = 0;
    for (const file of readdirSync(new URL('draft2020-12/', folder))
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      for (const group of JSON.parse(readFileSync(new URL(`draft2020-12/${file}`, folder), 'utf8')) as SuiteGroup[]) {
        let validate: ((data: unknown) => unknown) | null = null;
        try {
          // One Ajv per group (the suite reuses ids across groups); the suite's schemas are valid, so the meta-schema is not compiled each time.
          validate = new Ajv2020({ strict: false, validateSchema: false }).compile(
            withRemotes(declared(group.schema, 'draft2020-12'), 'draft2020-12').schema as object,
          );
        } catch {
          validate = null;
        }
        for (const test of group.tests) {
          try {
            if (validate !== null && validate(test.data) === test.valid) rawAgrees++;
          } catch {
            // No verdict: not an agreement.
          }
        }
      }
    }
    const ours = outcomes.filter((outcome) => outcome.draft === 'draft2020-12');
    // The figures the README quotes.
    expect([ours.length, ours.filter((outcome) => outcome.actual === outcome.expected).length, rawAgrees]).toEqual([
      1299, 1256, 1231,
    ]);
  }, 60_000);

  it('lists no deviation that does not happen', () => {
    const stale: string[] = [];
    for (const entry of deviations) {
      const groups = entry.groups === '*' ? [undefined] : entry.groups;
      for (const group of groups) {
        if (
          !differing.some(
            (outcome) =>
              outcome.draft === entry.draft &&
              outcome.file === entry.file &&
              (group === undefined || outcome.group === group),
          )
        )
          stale.push(`${entry.draft}/${entry.file} | ${group ?? '*'}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('the import refuses a suite schema only for a remote reference (a recursive one imports, with a warning)', () => {
    const rules = new Set(outcomes.flatMap((outcome) => outcome.importRefusals));
    expect([...rules].sort()).toEqual(['remote_ref']);
    // Remote references are refused exactly where the suite needs a remote schema: one its remotes/ gives, or a listed deviation.
    for (const outcome of outcomes.filter((entry) => entry.importRefusals.includes('remote_ref'))) {
      if (outcome.remotes.length === 0)
        expect(listed(outcome)?.reason, `${outcome.file} | ${outcome.group}`).toMatch(/^Remote references/);
    }
  });
});
