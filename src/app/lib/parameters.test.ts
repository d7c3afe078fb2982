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
    expect(rows.map((row) => row.name)).toEqual(['command', 'timeout_seconds', 'env', 'env.*', 'files', 'files[]', 'encoding']);
    const command = rows[0]!;
    expect(command).toMatchObject({ required: true, type: 'string', constraints: ['max length 8192'], description: 'The command' });
    expect(rows[1]).toMatchObject({ required: false, type: 'integer', defaultValue: '300', constraints: ['range 1–3600'] });
    expect(rows[2]).toMatchObject({ type: 'map<string, string>', constraints: ['any key; values: string'] });
    expect(rows[4]).toMatchObject({ type: 'array<string>', constraints: ['max items 3', 'unique items'] });
    expect(rows[5]).toMatchObject({ depth: 1, constraints: ['max length 10'] });
    expect(rows[6]!.constraints).toEqual(['one of "utf-8", "ascii"']);
  });
});

describe('describeConstraints', () => {
  it('states closed objects and patterns', () => {
    expect(describeConstraints(schema)).toContain('no other properties');
    expect(describeConstraints({ type: 'string', pattern: '^[a-z]+$', minLength: 1 })).toEqual(['min length 1', 'pattern ^[a-z]+$']);
  });
});
