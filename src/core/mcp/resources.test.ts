import { describe, expect, it } from 'vitest';
import { expandTemplate, isTemplate, templateVariables } from './resources';

describe('resource templates (RFC 6570)', () => {
  it('names the variables of every operator, and which a URI needs', () => {
    expect(
      templateVariables('test://items/{name}{/path*}{.ext}{?detail,page}{&more}{#frag}{;matrix}{+raw:3}').map(
        (variable) => `${variable.operator}${variable.name}${variable.required ? '!' : ''}`,
      ),
    ).toEqual(['name!', '/path!', '.ext!', '?detail', '?page', '&more', '#frag', ';matrix', '+raw!']);
  });

  it('expands with the RFC 6570 encodings, and names what is missing', () => {
    expect(expandTemplate('test://items/{name}{?detail}', { name: 'a b/c', detail: 'x&y' })).toEqual({
      ok: true,
      uri: 'test://items/a%20b%2Fc?detail=x%26y',
    });
    expect(expandTemplate('file://{+path}{/segments*}', { path: '/srv/a b', segments: ['x', 'y'] })).toEqual({
      ok: true,
      uri: 'file:///srv/a%20b/x/y',
    });
    expect(expandTemplate('test://items/{name}{?detail}', {})).toEqual({
      ok: false,
      missing: [{ name: 'name', operator: '', required: true }],
    });
    expect(isTemplate('test://readme')).toBe(false);
  });
});
