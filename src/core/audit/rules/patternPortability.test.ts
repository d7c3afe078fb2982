import { describe, expect, it } from 'vitest';
import { findingsOf } from './lintRule.test-support';

const findings = findingsOf('pattern-portability');

describe('pattern-portability', () => {
  it('warns about a lookahead in a nested pattern, naming RE2 and Rust', () => {
    const [finding, ...rest] = findings({
      type: 'object',
      properties: { options: { type: 'object', properties: { path: { type: 'string', pattern: '^(?!/)[a-z/]+$' } } } },
    });
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      severity: 'warning',
      parameter: 'options.path',
      pointer: '/inputSchema/properties/options/properties/path/pattern',
    });
    expect(finding!.message).toContain("a lookahead ('(?!'), not understood by Go's regexp (RE2), Rust's regex crate");
  });

  it('warns about patternProperties keys and propertyNames patterns, naming Python for \\p{…}', () => {
    const found = findings({
      type: 'object',
      properties: {
        labels: {
          type: 'object',
          patternProperties: { '^\\p{L}+$': { type: 'string' } },
          propertyNames: { pattern: '^(?<key>\\w+)$' },
        },
      },
    });
    expect(found.map((finding) => finding.pointer)).toEqual([
      '/inputSchema/properties/labels/patternProperties',
      '/inputSchema/properties/labels/propertyNames/pattern',
    ]);
    expect(found[0]!.message).toMatch(/^patternProperties key of 'labels' .*Unicode property escape .*Python's re/);
    expect(found[1]!.message).toMatch(/named group .*Python's re/);
  });

  it('is silent on portable patterns', () => {
    expect(
      findings({
        type: 'object',
        properties: {
          name: { type: 'string', pattern: '^[a-z_][a-z0-9_]*$' },
          when: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
      }),
    ).toEqual([]);
  });
});
