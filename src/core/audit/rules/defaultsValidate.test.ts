import { describe, expect, it } from 'vitest';
import { collectSamples } from '../samples';
import { findingsOf } from './lintRule.test-support';

const findings = findingsOf('defaults-validate');

describe('defaults-validate: every default and example, at any depth, against its own subschema', () => {
  it('flags a nested default, an items default, a $defs default and an example its subschema refuses', () => {
    const found = findings({
      type: 'object',
      properties: {
        options: {
          type: 'object',
          properties: { depth: { type: 'integer', minimum: 1, default: 0 } },
        },
        tags: { type: 'array', items: { type: 'string', maxLength: 3, default: 'toolong' } },
        mode: { $ref: '#/$defs/mode' },
        when: { type: 'string', pattern: '^\\d{4}$', examples: ['2024', 'soon'] },
      },
      $defs: { mode: { type: 'string', enum: ['fast', 'full'], default: 'slow' } },
    });
    expect(found.map((finding) => [finding.parameter, finding.pointer])).toEqual([
      ['options.depth', '/inputSchema/properties/options/properties/depth/default'],
      ['tags[]', '/inputSchema/properties/tags/items/default'],
      ['when', '/inputSchema/properties/when/examples/1'],
      [undefined, '/inputSchema/$defs/mode/default'],
    ]);
    expect(found.every((finding) => finding.severity === 'error')).toBe(true);
    expect(found[0]!.message).toContain("The default of 'options.depth' (0) is refused by its own schema");
  });

  it.each(['^(?:a(?=a*$))*b', '^(?:a(?!a*b))*$'])(
    'judges a 400,000-character default against %s without running the pattern on it',
    (pattern) => {
      const found = findings({
        type: 'object',
        properties: { word: { type: 'string', pattern, default: 'a'.repeat(400_000) } },
      });
      expect(found.map((finding) => finding.parameter)).toEqual(['word']);
      expect(found[0]!.message).toContain('too long to be checked against its pattern');
    },
  );

  it('accepts valid samples, references resolved as in the original schema', () => {
    expect(
      findings({
        type: 'object',
        properties: {
          point: { $ref: '#/$defs/point', default: { x: 1, y: 2 } },
          list: { type: 'array', items: { $ref: '#/$defs/point' }, default: [{ x: 0, y: 0 }] },
          'a/b': { type: 'string', default: 'slash in the name' },
        },
        required: ['point'],
        additionalProperties: false,
        $defs: {
          point: {
            type: 'object',
            properties: { x: { type: 'number' }, y: { type: 'number' } },
            required: ['x', 'y'],
            additionalProperties: false,
          },
        },
      }),
    ).toEqual([]);
  });

  it('names what is wrong inside an object default', () => {
    const [finding] = findings({
      type: 'object',
      properties: {
        point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'], default: { y: 1 } },
      },
    });
    expect(finding?.message).toMatch(/point.*x|x.*point/);
  });

  it('checks a default of the whole arguments as arguments', () => {
    const found = findings({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], default: {} });
    expect(found).toHaveLength(1);
    expect(found[0]!.pointer).toBe('/inputSchema/default');
  });

  it('collects samples under every subschema keyword, not inside another resource', () => {
    const samples = collectSamples({
      anyOf: [{ default: 1 }],
      items: [{ default: 2 }],
      prefixItems: [{ default: 3 }],
      patternProperties: { '^x': { examples: [4] } },
      if: { default: 5 },
      properties: { other: { $id: 'https://example.com/other', default: 6 } },
    });
    expect(samples.map((sample) => sample.value).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
