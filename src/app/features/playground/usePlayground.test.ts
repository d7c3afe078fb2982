import { createCompilingValidator } from '../../../core/validation/compile';
import type { Validator } from '../../../core/validation/validator';
import { describe, expect, it } from 'vitest';
import { validators } from '../../../generated/validators.js';
import { createPageValidator } from '../../lib/pageValidator';
import { decodeArgumentsText, encodeArgumentsText } from '../../lib/shareLink';
import { createMemoryStore, loadReplacedArguments, saveArgumentsText, saveReplacedArguments } from '../../lib/storage';
import { findTool } from '../../../core/toolset/bundle';
import {
  applyEvaluation,
  applyFormData,
  applyText,
  replaceText,
  dismissNotice,
  evaluate,
  exampleText,
  initialState,
  NOTICES,
  offerLargeSavedArguments,
  replacedByLink,
  swapArguments,
  type Checker,
  type PlaygroundState,
} from './usePlayground';
import { evaluateText, LARGE_TEXT_CHARS } from './evaluation';
import { deepText } from '../../../core/json/text-limits.test-support';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

// The validator the playground checks with: the page's own, with the bundled tools' generated validators (the page
// loads them one tool at a time; all here).
const page = createPageValidator();
page.addPrecompiled(validators);
// Checked here: off a browser no schema goes to the worker (SchemaChecks.elsewhere says no).
const checkedHere = (validator: Validator): Checker => ({ validator, elsewhere: () => false });
const checker = checkedHere(page);

const tool = findTool('read_file')!;
const state = (
  text: string,
  notice: string | null = null,
  previous: PlaygroundState['formData'] = {},
): PlaygroundState => ({
  ...evaluate(checker, tool, text, previous),
  revision: 0,
  notice,
  swap: null,
  replaced: null,
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

  it('judges arguments nested 100,000 deep by the nesting rule, keeps the text, and pauses the form', () => {
    const good = state('{"path": "a.txt"}');
    const text = `{"path": ${deepText(100_000)}}`;
    const deep = state(text, null, good.formData);
    expect(deep.text).toBe(text);
    expect(deep.parseError).toBeNull();
    expect(deep.result?.errors).toEqual([
      expect.objectContaining({ parameter: 'path', message: "Parameter 'path' is nested more than 64 levels deep" }),
    ]);
    expect(deep.formPaused).toMatch(/nest more than 64 levels deep/);
    expect(deep.formData).toEqual({ path: 'a.txt' });
  });

  it('pauses the form when the arguments are not an object', () => {
    expect(state('[1, 2]').formPaused).toMatch(/not a JSON object/);
    expect(state('"text"').formPaused).toMatch(/not a JSON object/);
  });
});

describe('the validator passed in', () => {
  it('checks with the validator it is given: one without the generated validator loaded gives no verdict of its own', () => {
    const text = '{"path": "a.txt"}';
    expect(evaluate(checker, tool, text, {}).result?.valid).toBe(true);
    const bare = evaluate(checkedHere(createPageValidator()), tool, text, {});
    expect(bare.result?.valid).toBe(false);
    expect(bare.result?.errors[0]?.message).toContain('no validator generated at build time');
  });
});

describe('applyFormData', () => {
  it('never overwrites text that does not parse: what was typed is kept', () => {
    const typed = '{"path":"my long careful edit","start_line":7,"end_line": }';
    const broken = state(typed, null, { path: 'README.md' });
    const after = applyFormData(checker, tool, broken, { path: 'README.md', encoding: 'ascii' });
    expect(after).toBe(broken);
    expect(after.text).toBe(typed);
  });

  it('never overwrites text that is not an object', () => {
    const array = state('[1, 2]', null, { path: 'a' });
    expect(applyFormData(checker, tool, array, { path: 'b' })).toBe(array);
  });

  it('writes the form data as pretty JSON once the text parses', () => {
    const after = applyFormData(checker, tool, state('{"path": "a.txt"}'), { path: 'a.txt', encoding: 'ascii' });
    expect(after.text).toBe('{\n  "path": "a.txt",\n  "encoding": "ascii"\n}');
    expect(after.result?.valid).toBe(true);
  });

  it('leaves the text as typed when the form only echoes the data it was given', () => {
    const compact = state('{"path":"a.txt"}');
    expect(applyFormData(checker, tool, compact, { path: 'a.txt' })).toBe(compact);
  });
});

describe('the form never undoes what was typed in the editor', () => {
  it('a late report from the form, made from older data, changes nothing the editor typed since', () => {
    const shown = state('{"path": "a.txt"}');
    const typed = applyText(checker, tool, shown, '{"path": "a.txt", "start_line": 10}');
    // The form reports the data it was showing (an echo, or a re-derivation after its props changed).
    expect(applyFormData(checker, tool, typed, { path: 'a.txt' }, shown.formData)).toBe(typed);
  });

  it('an edit in the form made from older data writes only what the form changed, onto the text as it is now', () => {
    const shown = state('{"path": "a.txt"}');
    const typed = applyText(checker, tool, shown, '{"path": "a.txt", "start_line": 10}');
    const after = applyFormData(checker, tool, typed, { path: 'b.txt' }, shown.formData);
    expect(JSON.parse(after.text)).toEqual({ path: 'b.txt', start_line: 10 });
    // Clearing a field in the form removes that parameter, and only that one.
    const cleared = applyFormData(checker, tool, after, { start_line: 10 }, after.formData);
    expect(JSON.parse(cleared.text)).toEqual({ start_line: 10 });
  });

  it('keeps the order of the parameters in the text', () => {
    const shown = state('{"start_line": 2, "path": "a.txt"}');
    const after = applyFormData(checker, tool, shown, { path: 'a.txt', start_line: 3 });
    expect(after.text).toBe('{\n  "start_line": 3,\n  "path": "a.txt"\n}');
  });
});

describe('which changes the editor takes', () => {
  it('text from the editor is not sent back to it; text from elsewhere is, once', () => {
    const shown = state('{"path": "a.txt"}');
    expect(applyText(checker, tool, shown, '{"path": "b.txt"}').revision).toBe(shown.revision);
    const replaced = replaceText(checker, tool, shown, '{"path": "c.txt"}');
    expect(replaced.revision).toBe(shown.revision + 1);
    expect(replaceText(checker, tool, replaced, '{"path": "c.txt"}')).toBe(replaced);
    expect(applyFormData(checker, tool, shown, { path: 'd.txt' }).revision).toBe(shown.revision + 1);
  });
});

describe('a large text', () => {
  const large = (content: string) =>
    JSON.stringify({ path: 'big.txt', content: content.padEnd(LARGE_TEXT_CHARS, 'x') });

  it('is taken at once and checked later; a verdict on an older text is dropped', () => {
    const shown = state('{"path": "a.txt"}');
    const first = applyText(checker, tool, shown, large('one'));
    expect(first).toMatchObject({ text: large('one'), checking: true, result: shown.result, checkedText: shown.text });
    const second = applyText(checker, tool, first, large('two'));
    expect(applyEvaluation(second, evaluateText(validator, tool, large('one')))).toBe(second);
    const checked = applyEvaluation(second, evaluateText(validator, tool, large('two')));
    expect(checked).toMatchObject({ checking: false, checkedText: large('two'), parseError: null });
    expect(String(checked.formData.content).startsWith('two')).toBe(true);
  });

  it('an edit in the form while it is being checked goes onto the text as typed', () => {
    const shown = state('{"path": "a.txt"}');
    const typing = applyText(checker, tool, shown, large('typed'));
    const after = applyFormData(checker, tool, typing, { path: 'b.txt' }, shown.formData);
    expect(JSON.parse(after.text)).toEqual({ ...JSON.parse(large('typed')), path: 'b.txt' });
    // Typed text that does not parse is never replaced from the form.
    const broken = applyText(checker, tool, shown, `${large('typed')},`);
    expect(applyFormData(checker, tool, broken, { path: 'b.txt' }, shown.formData)).toBe(broken);
  });
});

describe('applyText', () => {
  it('the same text again (the editor reporting what it was given) keeps the notice', () => {
    const shared = state('{"path":"FROM LINK"}', 'Arguments loaded from a shared link.');
    expect(applyText(checker, tool, shared, '{"path":"FROM LINK"}')).toBe(shared);
  });

  it('an edit clears the notice and keeps the last good form data while the text is broken', () => {
    const shared = state('{"path":"FROM LINK"}', 'Arguments loaded from a shared link.');
    const edited = applyText(checker, tool, shared, '{"path":"FROM LINK",');
    expect(edited.notice).toBeNull();
    expect(edited.formData).toEqual({ path: 'FROM LINK' });
    expect(edited.formPaused).not.toBeNull();
  });
});

describe('a shared link over saved arguments', () => {
  const mine = '{\n  "path": "MY OWN WORK.txt",\n  "start_line": 3\n}';
  const shared = '{"path": "FROM LINK.txt"}';
  const link = decodeArgumentsText(encodeArgumentsText(shared));

  it('loads the link and keeps the saved arguments it replaced, offering them back', () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', mine, store);
    const opened = initialState(checker, tool, link, store);
    expect(opened.text).toBe(shared);
    expect(opened.notice).toBe(NOTICES.linkReplaced);
    expect(opened.notice).toMatch(/^Arguments loaded from a shared link\./);
    expect(opened.swap).toEqual({ text: mine, kind: 'mine' });
    expect(opened.replaced).toEqual({ previous: mine, shared });
  });

  it("offers nothing when there was nothing of the user's to replace", () => {
    const store = createMemoryStore();
    expect(initialState(checker, tool, link, store)).toMatchObject({
      text: shared,
      notice: NOTICES.linkLoaded,
      swap: null,
      replaced: null,
    });
    saveArgumentsText('read_file', shared, store);
    expect(initialState(checker, tool, link, store).swap).toBeNull();
    // The untouched example is not the user's work: Reset to example brings it back.
    saveArgumentsText('read_file', exampleText(tool), store);
    expect(initialState(checker, tool, link, store).swap).toBeNull();
  });

  it("restores the previous arguments, and can go back to the link's: each swap keeps the other side", () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', mine, store);
    const opened = initialState(checker, tool, link, store);
    const restored = swapArguments(checker, tool, opened);
    expect(restored.text).toBe(mine);
    expect(restored.formData).toEqual({ path: 'MY OWN WORK.txt', start_line: 3 });
    expect(restored.notice).toBe(NOTICES.restored);
    expect(restored.swap).toEqual({ text: shared, kind: 'shared' });
    // Restored: the saved arguments are the user's own again, nothing to keep apart.
    expect(restored.replaced).toBeNull();
    const back = swapArguments(checker, tool, restored);
    expect(back.text).toBe(shared);
    expect(back.swap).toEqual({ text: mine, kind: 'mine' });
    expect(back.replaced).toEqual({ previous: mine, shared });
  });

  it("keeps the offer through edits of the link's arguments, and restoring keeps those edits on the other side", () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', mine, store);
    const edited = applyText(
      checker,
      tool,
      initialState(checker, tool, link, store),
      '{"path": "FROM LINK, edited.txt"}',
    );
    expect(edited.notice).toBe(NOTICES.linkReplaced);
    expect(edited.swap).toEqual({ text: mine, kind: 'mine' });
    const formEdited = applyFormData(checker, tool, edited, { path: 'FROM LINK, edited.txt', end_line: 9 });
    expect(formEdited.swap).toEqual({ text: mine, kind: 'mine' });
    const restored = swapArguments(checker, tool, formEdited);
    expect(restored.text).toBe(mine);
    expect(restored.swap?.text).toBe(formEdited.text);
  });

  it('dismissing lets the offer go', () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', mine, store);
    const dismissed = dismissNotice(initialState(checker, tool, link, store));
    expect(dismissed).toMatchObject({ text: shared, notice: null, swap: null, replaced: null });
    expect(swapArguments(checker, tool, dismissed)).toBe(dismissed);
  });

  it('still offers the replaced arguments after a reload, until restored or dismissed', () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', shared, store);
    saveReplacedArguments('read_file', { previous: mine, shared }, store);
    const reloaded = initialState(checker, tool, undefined, store);
    expect(reloaded.text).toBe(shared);
    expect(reloaded.notice).toBe(NOTICES.keptAfterReload);
    expect(reloaded.swap).toEqual({ text: mine, kind: 'mine' });
    // Once the saved text is the user's own again, the kept copy is stale and goes.
    saveArgumentsText('read_file', mine, store);
    expect(initialState(checker, tool, undefined, store)).toMatchObject({ notice: null, swap: null, replaced: null });
  });

  it("a second link over the first one's unedited arguments keeps the user's own, not the first link's", () => {
    const first = { previous: mine, shared: '{"path": "FIRST LINK"}' };
    expect(replacedByLink(tool, first.shared, first, shared)).toEqual({ previous: mine, shared });
    // Edited since: that edit is the user's work now, and is what the second link replaces.
    expect(replacedByLink(tool, '{"path": "FIRST LINK, edited"}', first, shared)).toEqual({
      previous: '{"path": "FIRST LINK, edited"}',
      shared,
    });
  });

  it('a link opened in the tab showing the tool keeps the text on screen, even if not saved yet', () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', mine, store);
    const opened = initialState(checker, tool, link, store, '{"path": "typed a moment ago"}');
    expect(opened.swap).toEqual({ text: '{"path": "typed a moment ago"}', kind: 'mine' });
  });

  it('a damaged link says so and keeps the saved arguments', () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', mine, store);
    const opened = initialState(checker, tool, decodeArgumentsText('zNOT-DEFLATE'), store);
    expect(opened.text).toBe(mine);
    expect(opened.notice).toMatch(/damaged/);
    expect(opened.swap).toBeNull();
    expect(loadReplacedArguments('read_file', store)).toBeNull();
    // Arguments an earlier link replaced are still offered, and the notice says why.
    saveArgumentsText('read_file', shared, store);
    saveReplacedArguments('read_file', { previous: mine, shared }, store);
    const again = initialState(checker, tool, decodeArgumentsText('zNOT-DEFLATE'), store);
    expect(again.notice).toMatch(/damaged.*replaced the ones you had saved/);
    expect(again.swap).toEqual({ text: mine, kind: 'mine' });
  });
});

describe('a shared link over arguments kept in IndexedDB', () => {
  it('offers them back once read, as for any arguments a link replaced', () => {
    const opened = state('{"path": "shared.txt"}', NOTICES.linkLoaded);
    const saved = `{"path": "${'x'.repeat(100)}"}`;
    const offered = offerLargeSavedArguments(opened, saved);
    expect(offered.notice).toBe(NOTICES.linkReplaced);
    expect(offered.swap).toEqual({ text: saved, kind: 'mine' });
    expect(offered.text).toBe(opened.text);
    // Restoring them makes the shared ones the offer: nothing is lost either way.
    const restored = swapArguments(checker, tool, offered);
    expect(restored.text).toBe(saved);
    expect(restored.swap).toEqual({ text: opened.text, kind: 'shared' });
  });

  it('offers nothing when they equal the shared ones, or when another offer stands', () => {
    const opened = state('{"path": "shared.txt"}', NOTICES.linkLoaded);
    expect(offerLargeSavedArguments(opened, opened.text)).toBe(opened);
    const other = { ...opened, swap: { text: '{}', kind: 'mine' as const } };
    expect(offerLargeSavedArguments(other, '{"path": "mine"}')).toBe(other);
  });
});
