import { describe, expect, it } from 'vitest';
import { describeConstraints, parameterRows } from './parameters';

const schema = {
  type: 'object',
  properties: {
    command: { type: 'string', maxLength: 8192, description: 'The command' },
    timeout_seconds: { type: 'integer', minimum: 1, maximum: 3600, default: 300 },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    files: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 3, uniqueItems: true },
    encoding: { type: 'string', enum: ['utf-8', 'ascii'], default: 'utf-8' },
  },
  required: ['command'],
  additionalProperties: false,
};

describe('parameterRows', () => {
  it('lists every parameter with type, requirement, default and constraints', () => {
    const rows = parameterRows(schema);
    // `env.*` says nothing the `env` row does not (its type already reads map<string, string>): no row.
    expect(rows.map((row) => row.name)).toEqual(['command', 'timeout_seconds', 'env', 'files', 'files[]', 'encoding']);
    const command = rows[0]!;
    expect(command).toMatchObject({
      required: true,
      type: 'string',
      constraints: ['max length 8192'],
      description: 'The command',
    });
    expect(rows[1]).toMatchObject({
      required: false,
      type: 'integer',
      defaultValue: '300',
      constraints: ['range 1–3600'],
    });
    expect(rows[2]).toMatchObject({ type: 'map<string, string>', constraints: ['any key; values: string'] });
    expect(rows[3]).toMatchObject({ type: 'array<string>', constraints: ['max items 3', 'unique items'] });
    expect(rows[5]!.constraints).toEqual(['one of "utf-8", "ascii"']);
  });

  it("describes item and map-value rows in the schema's own words, or not at all", () => {
    const rows = parameterRows({
      type: 'object',
      properties: {
        files: { type: 'array', items: { type: 'string', maxLength: 10 } },
        paths: { type: 'array', items: { type: 'string', description: 'A path relative to the workspace' } },
        env: { type: 'object', additionalProperties: { type: 'string', maxLength: 100 } },
        headers: { type: 'object', additionalProperties: { type: 'string', title: 'Header value' } },
      },
    });
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName['files[]']).toMatchObject({ depth: 1, constraints: ['max length 10'], description: '' });
    // Required or optional is said of the parameter; for one item or one map value it does not apply.
    expect(byName['files[]']!.required).toBeNull();
    expect(byName['env.*']!.required).toBeNull();
    expect(byName['files']!.required).toBe(false);
    expect(byName['paths[]']).toMatchObject({ description: 'A path relative to the workspace' });
    expect(byName['env.*']).toMatchObject({ constraints: ['max length 100'], description: '' });
    expect(byName['headers.*']).toMatchObject({ description: 'Header value' });
    expect(rows.map((row) => row.description)).not.toContain('Each item');
  });
});

describe('describeConstraints', () => {
  it('states closed objects and patterns', () => {
    expect(describeConstraints(schema)).toContain('no other properties');
    expect(describeConstraints({ type: 'string', pattern: '^[a-z]+$', minLength: 1 })).toEqual([
      'min length 1',
      'pattern ^[a-z]+$',
    ]);
  });
});
