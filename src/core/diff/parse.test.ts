import { describe, expect, it } from 'vitest';
import { definitionFromText } from './parse';

describe('definitionFromText', () => {
  it('keeps a tool definition whole, with its version and risk level', () => {
    const parsed = definitionFromText(JSON.stringify({ name: 't', version: '1.2.0', riskLevel: 'high', description: 'T.', inputSchema: { type: 'object' } }));
    expect(parsed).toMatchObject({ ok: true, definition: { name: 't', version: '1.2.0', riskLevel: 'high' }, source: 'a tool definition' });
  });

  it('reads a provider format without inventing a version', () => {
    const parsed = definitionFromText(JSON.stringify({ name: 't', description: 'Tool t.', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.definition.version).toBeUndefined();
      expect(parsed.source).toBe('Anthropic tools');
    }
  });

  it('names a bare JSON Schema after the tool it is compared with', () => {
    const parsed = definitionFromText(JSON.stringify({ type: 'object', properties: { a: { type: 'string' } } }), 'read_file');
    expect(parsed).toMatchObject({ ok: true, definition: { name: 'read_file' } });
  });

  it('says what is wrong with text that is not a definition', () => {
    expect(definitionFromText('{"name": ')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not JSON: /) });
    expect(definitionFromText('[1, 2]')).toMatchObject({ ok: false });
  });
});
