import { describe, expect, it } from 'vitest';
import { findTool } from '../../lib/toolset';
import { applyFormData, applyText, evaluate, type PlaygroundState } from './usePlayground';

const tool = findTool('read_file')!;
const state = (text: string, notice: string | null = null, previous: PlaygroundState['formData'] = {}): PlaygroundState => ({
  ...evaluate(tool, text, previous),
  notice,
});

describe('evaluate', () => {
  it('pauses the form while the text does not parse, naming the line and column', () => {
    const good = state('{"path": "a.txt"}');
    expect(good.formPaused).toBeNull();
    const broken = state('{\n  "path": "my long careful edit",\n  "end_line": }', null, good.formData);
    expect(broken.parseError).toMatchObject({ line: 3 });
    expect(broken.formPaused).toMatch(/syntax error at line 3, column \d+/);
    expect(broken.formData).toEqual({ path: 'a.txt' });
  });

  it('pauses the form when the arguments are not an object', () => {
    expect(state('[1, 2]').formPaused).toMatch(/not a JSON object/);
    expect(state('"text"').formPaused).toMatch(/not a JSON object/);
  });
});

describe('applyFormData', () => {
  it('never overwrites text that does not parse: what was typed is kept', () => {
    const typed = '{"path":"my long careful edit","start_line":7,"end_line": }';
    const broken = state(typed, null, { path: 'README.md' });
    const after = applyFormData(tool, broken, { path: 'README.md', encoding: 'ascii' });
    expect(after).toBe(broken);
    expect(after.text).toBe(typed);
  });

  it('never overwrites text that is not an object', () => {
    const array = state('[1, 2]', null, { path: 'a' });
    expect(applyFormData(tool, array, { path: 'b' })).toBe(array);
  });

  it('writes the form data as pretty JSON once the text parses', () => {
    const after = applyFormData(tool, state('{"path": "a.txt"}'), { path: 'a.txt', encoding: 'ascii' });
    expect(after.text).toBe('{\n  "path": "a.txt",\n  "encoding": "ascii"\n}');
    expect(after.result?.valid).toBe(true);
  });

  it('leaves the text as typed when the form only echoes the data it was given', () => {
    const compact = state('{"path":"a.txt"}');
    expect(applyFormData(tool, compact, { path: 'a.txt' })).toBe(compact);
  });
});

describe('applyText', () => {
  it('the same text again (the editor reporting what it was given) keeps the notice', () => {
    const shared = state('{"path":"FROM LINK"}', 'Arguments loaded from a shared link.');
    expect(applyText(tool, shared, '{"path":"FROM LINK"}')).toBe(shared);
  });

  it('an edit clears the notice and keeps the last good form data while the text is broken', () => {
    const shared = state('{"path":"FROM LINK"}', 'Arguments loaded from a shared link.');
    const edited = applyText(tool, shared, '{"path":"FROM LINK",');
    expect(edited.notice).toBeNull();
    expect(edited.formData).toEqual({ path: 'FROM LINK' });
    expect(edited.formPaused).not.toBeNull();
  });
});
