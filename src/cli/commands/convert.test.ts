import { describe, expect, it } from 'vitest';
import { bundle } from '../../core/toolset/bundle';
import { runCli } from '../run';
import { deepText } from '../../core/json/text-limits.test-support';

const zodTool = {
  type: 'function',
  function: {
    name: 'plot',
    description: 'Plots a point.',
    parameters: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
      definitions: {},
    },
  },
};

describe('convert --to-2020-12', () => {
  it('converts one schema and lists each change with its pointer on stderr', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      properties: { n: { type: 'number', maximum: 3, exclusiveMaximum: true } },
    };
    const result = await runCli(['convert', '-', '--to-2020-12'], { bundle, stdin: JSON.stringify(schema) });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { n: { type: 'number', exclusiveMaximum: 3 } },
    });
    expect(result.stderr).toMatch(
      /^2 changes:\n\/\$schema: .*\n\/properties\/n\/exclusiveMaximum: exclusiveMaximum: true with maximum 3/,
    );
  });

  it('converts tool definitions in place, naming the tool', async () => {
    const result = await runCli(['convert', '-', '--to-2020-12', '--json'], {
      bundle,
      stdin: JSON.stringify([zodTool]),
    });
    const { value, changes } = JSON.parse(result.stdout) as {
      value: (typeof zodTool)[];
      changes: { tool: string; pointer: string }[];
    };
    expect(value[0]!.function.parameters).toMatchObject({
      properties: { point: { prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
      $defs: {},
    });
    expect(value[0]!.type).toBe('function');
    expect(changes).toContainEqual({
      tool: 'plot',
      pointer: '/parameters/properties/point/items',
      change: 'items array (a tuple) → prefixItems',
    });
  });

  it('says what is missing, and reads only JSON', async () => {
    expect((await runCli(['convert', '-'], { bundle, stdin: '{}' })).stderr).toMatch(/needs a target: --to-2020-12/);
    const bad = await runCli(['convert', '-', '--to-2020-12'], { bundle, stdin: '{' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/is not JSON/);
    expect((await runCli(['convert', '-', '--to-2020-12'], { bundle, stdin: '{"type": "string"}' })).stderr).toMatch(
      /already 2020-12/,
    );
  });
});

describe('convert: a schema nested 100,000 deep', () => {
  it('is refused before it is parsed, naming the limit, the line, the column and the pointer', async () => {
    const result = await runCli(['convert', '-', '--to-2020-12'], {
      bundle,
      stdin: `{"properties": {"a": ${deepText(100_000)}}}`,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^'-' is nested more than 128 levels deep \(at line 1, column \d+\); nesting is limited to 128 levels \(at \/properties\/a\/0\/a\//,
    );
  });
});
