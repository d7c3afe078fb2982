import { describe, expect, it } from 'vitest';
import { diffDefinitions } from './index';
import { diffOutputSchemas } from './rules/outputSchema';

const base = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    size: { type: 'integer', maximum: 100 },
    state: { type: 'string', enum: ['open', 'closed'] },
  },
  required: ['id'],
};

describe('output schema changes, classed for the caller reading the result', () => {
  it('a field removed is breaking, a field added is minor', () => {
    const removed = diffOutputSchemas(base, {
      ...base,
      properties: { id: base.properties.id, state: base.properties.state },
    });
    expect(removed).toMatchObject([
      { rule: 'output-field-removed', class: 'breaking', pointer: '/outputSchema/properties/size' },
    ]);
    const added = diffOutputSchemas(base, { ...base, properties: { ...base.properties, owner: { type: 'string' } } });
    expect(added).toMatchObject([{ rule: 'output-field-added', class: 'minor' }]);
  });

  it('a new enum value or a relaxed bound in the output is breaking; a tightened one is minor', () => {
    const widened = diffOutputSchemas(base, {
      ...base,
      properties: { ...base.properties, state: { type: 'string', enum: ['open', 'closed', 'merged'] } },
    });
    expect(widened[0]).toMatchObject({ class: 'breaking', rule: 'output-enum-value-added' });
    const relaxed = diffOutputSchemas(base, {
      ...base,
      properties: { ...base.properties, size: { type: 'integer', maximum: 1000 } },
    });
    expect(relaxed[0]).toMatchObject({ class: 'breaking' });
    const tightened = diffOutputSchemas(base, {
      ...base,
      properties: { ...base.properties, size: { type: 'integer', maximum: 10 } },
    });
    expect(tightened[0]).toMatchObject({ class: 'minor' });
  });

  it('an output schema dropped is breaking, added is minor; diffDefinitions includes them', () => {
    expect(diffOutputSchemas(base, undefined)).toMatchObject([{ rule: 'output-schema-removed', class: 'breaking' }]);
    expect(diffOutputSchemas(undefined, base)).toMatchObject([{ rule: 'output-schema-added', class: 'minor' }]);
    const diff = diffDefinitions(
      { inputSchema: { type: 'object' }, outputSchema: base },
      { inputSchema: { type: 'object' } },
    );
    expect(diff.required).toBe('major');
  });
});
