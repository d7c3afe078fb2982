/**
 * The converted schema gives the original's verdict: every draft-07 case of the vendored
 * JSON-Schema-Test-Suite is validated against the original (compiled as draft-07) and against its
 * 2020-12 conversion (compiled as 2020-12), and the two verdicts must agree — or the converted one must
 * be the suite's where the original's is not (Ajv applies keywords beside a draft-07 `$ref`, which the
 * conversion drops as draft-07 says).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../toolset/types';
import { compileWithLog } from '../validation/compile';
import { convertTo202012 } from './to-2020-12';

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const folder = new URL('../validation/json-schema-test-suite/draft7/', import.meta.url);
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A verdict, or why there is none. */
function verdicts(schema: unknown, data: unknown[]): (boolean | string)[] {
  let validate: (value: unknown) => boolean;
  try {
    validate = compileWithLog(schema as JsonSchema).validate;
  } catch (error) {
    return data.map(() => `does not compile: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return data.map((value) => {
    try {
      return validate(value);
    } catch (error) {
      return `threw: ${error instanceof Error ? error.message : String(error)}`;
    }
  });
}

describe('convert to 2020-12 on the JSON-Schema-Test-Suite draft-07 cases', () => {
  const rows: { where: string; expected: boolean; original: boolean | string; converted: boolean | string }[] = [];
  let converted = 0;
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    for (const group of JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as SuiteGroup[]) {
      const schema =
        typeof group.schema === 'object' && group.schema !== null && !('$schema' in group.schema)
          ? { $schema: DRAFT_07, ...group.schema }
          : group.schema;
      const conversion = convertTo202012(schema, 'draft-07');
      if (conversion.changes.length > 1) converted++;
      const data = group.tests.map((test) => test.data);
      const before = verdicts(schema, data);
      const after = verdicts(conversion.schema, data);
      group.tests.forEach((test, index) =>
        rows.push({
          where: `${file} | ${group.description} | ${test.description}`,
          expected: test.valid,
          original: before[index]!,
          converted: after[index]!,
        }),
      );
    }
  }

  it('gives the same verdict as the original on every case both can judge, or the suite’s where the original misses it', () => {
    const judged = rows.filter((row) => typeof row.original === 'boolean');
    const differing = judged
      .filter((row) => row.converted !== row.original && row.converted !== row.expected)
      .map((row) => `${row.where}: original ${row.original}, converted ${row.converted}`);
    // Two groups $ref the draft-07 meta-schema itself: a draft-07 schema the 2020-12 validator does not hold.
    const metaSchema = differing.filter((row) =>
      row.includes("can't resolve reference http://json-schema.org/draft-07/schema#"),
    );
    expect(differing.filter((row) => !metaSchema.includes(row))).toEqual([]);
    expect(metaSchema).toHaveLength(4);
    const corrected = judged.filter((row) => row.converted !== row.original && row.converted === row.expected);
    expect(corrected.map((row) => row.where)).toEqual([
      'ref.json | ref overrides any sibling keywords | ref valid, maxItems ignored',
      'ref.json | $ref prevents a sibling $id from changing the base uri | $ref resolves to /definitions/base_foo, data does not validate',
      'ref.json | $ref prevents a sibling $id from changing the base uri | $ref resolves to /definitions/base_foo, data validates',
    ]);
    // Most of the suite is judged; the rest needs remote schemas neither form can load.
    expect(judged.length).toBeGreaterThan(rows.length * 0.9);
    // And the conversion did change something beyond $schema in many groups.
    expect(converted).toBeGreaterThan(30);
  });
});
