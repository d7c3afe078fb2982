import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { definitionFromText } from './parse';
import { deepText } from '../json/text-limits.test-support';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

describe('definitionFromText', () => {
  it('keeps a tool definition whole, with its version and risk level', () => {
    const parsed = definitionFromText(
      JSON.stringify({
        name: 't',
        version: '1.2.0',
        riskLevel: 'high',
        description: 'T.',
        inputSchema: { type: 'object' },
      }),
      validator,
    );
    expect(parsed).toMatchObject({
      ok: true,
      definition: { name: 't', version: '1.2.0', riskLevel: 'high' },
      source: 'a tool definition',
    });
  });

  it('reads a provider format without inventing a version', () => {
    const parsed = definitionFromText(
      JSON.stringify({
        name: 't',
        description: 'Tool t.',
        input_schema: { type: 'object', properties: { a: { type: 'string' } } },
      }),
      validator,
    );
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.definition.version).toBeUndefined();
      expect(parsed.source).toBe('Anthropic tools');
    }
  });

  it('names a bare JSON Schema after the tool it is compared with', () => {
    const parsed = definitionFromText(
      JSON.stringify({ type: 'object', properties: { a: { type: 'string' } } }),
      validator,
      'read_file',
    );
    expect(parsed).toMatchObject({ ok: true, definition: { name: 'read_file' } });
  });

  it('says what is wrong with text that is not a definition', () => {
    expect(definitionFromText('{"name": ', validator)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not JSON: /),
    });
    expect(definitionFromText('[1, 2]', validator)).toMatchObject({ ok: false });
  });

  it('refuses a definition nested 100,000 deep before parsing it, saying where', () => {
    const text = `{"name": "t", "description": "T.", "inputSchema": {"type": "object", "properties": {"a": ${deepText(100_000)}}}}`;
    expect(definitionFromText(text, validator)).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Not read: the definition is nested more than 128 levels deep \(at line 1, column \d+\).*\(at \/inputSchema\/properties\/a\/0\//,
      ),
    });
  });
});
