import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../core/toolset/types';
import { mapKeysSignature, schemaForForm, uiSchemaFor, withoutDefaults } from './formSchema';

const schema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:test',
  title: 't arguments',
  type: 'object',
  required: ['mode'],
  properties: {
    all: { type: 'boolean', default: false },
    encoding: { type: 'string', enum: ['utf-8', 'ascii'], default: 'utf-8' },
    mode: { type: 'string', enum: ['a', 'b'] },
    level: { type: 'string', enum: ['x', 'y'] },
    timeout: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
    files: { type: 'array', items: { type: 'string', default: 'x' } },
    env: { type: 'object', additionalProperties: { type: 'string', default: '' } },
    choice: { anyOf: [{ type: 'string', default: 'a' }, { type: 'integer' }] },
  },
};

describe('schemaForForm', () => {
  it('drops $schema, $id, the root title and every default, keeping the constraints', () => {
    const form = schemaForForm(schema) as JsonSchema;
    expect(form.$schema).toBeUndefined();
    expect(form.$id).toBeUndefined();
    expect(form.title).toBeUndefined();
    expect(JSON.stringify(form)).not.toContain('"default"');
    expect(form.properties).toMatchObject({
      timeout: { type: 'integer', minimum: 1, maximum: 10 },
      encoding: { enum: ['utf-8', 'ascii'] },
    });
    // The tool's own schema is left as it was.
    expect((schema.properties as Record<string, JsonSchema>).all!.default).toBe(false);
  });

  it('keeps enum and const values that look like schemas', () => {
    const tricky: JsonSchema = {
      type: 'object',
      properties: { value: { const: { default: 1 }, enum: [{ default: 2 }] } },
    };
    expect(withoutDefaults(tricky)).toEqual(tricky);
  });
});

describe('uiSchemaFor', () => {
  it('gives selects an empty choice that says what leaving the parameter out means', () => {
    const ui = uiSchemaFor(schema);
    expect(ui.all).toMatchObject({ 'ui:widget': 'select', 'ui:placeholder': 'Not set (default false)' });
    expect(ui.encoding).toMatchObject({ 'ui:placeholder': 'Not set (default "utf-8")' });
    expect(ui.mode).toMatchObject({ 'ui:placeholder': 'Choose…' });
    expect(ui.level).toMatchObject({ 'ui:placeholder': 'Not set' });
    expect(ui.timeout).toMatchObject({ 'ui:help': 'range 1–10 · default 5' });
    expect(ui.timeout?.['ui:placeholder']).toBeUndefined();
  });
});

describe('mapKeysSignature', () => {
  it('lists the keys of map parameters only', () => {
    expect(mapKeysSignature(schema, { env: { B: '1', A: '2' }, mode: 'a' })).toBe('/env:B,A');
    expect(mapKeysSignature(schema, { mode: 'a' })).toBe('');
  });
});
