import { describe, expect, it } from 'vitest';
import { boundArgumentsText, checkJsonText, findDeepSpans, lineAndColumnOf, withoutSpans } from './text-limits';
import { deepText } from './text-limits.test-support';

describe('depth measured on the text', () => {
  it('finds nothing in a text within the limit, strings and escapes included', () => {
    expect(findDeepSpans('{"a": [1, {"b": "[[[[\\"]]]"}]}', 3)).toEqual([]);
    expect(checkJsonText('[[["x"]]]', { maxDepth: 3 })).toBeNull();
  });

  it('names the container one level too deep: its pointer, line and column', () => {
    const text = '{\n  "a": [1, {"b~/": [[2]]}],\n  "c": 3\n}';
    expect(checkJsonText(text, { maxDepth: 4 })).toEqual({
      limit: 'depth',
      message: 'nested more than 4 levels deep (at line 2, column 21); nesting is limited to 4 levels',
      line: 2,
      column: 21,
      offset: 22,
      pointer: '/a/1/b~0~1/0',
    });
  });

  it('refuses a text nested 100,000 deep in one pass, and cuts out only the deep part', () => {
    const text = `{"keep": 1, "deep": ${deepText(100_000)}, "after": [2]}`;
    const spans = findDeepSpans(text, 10);
    expect(spans).toHaveLength(1);
    expect(spans[0]!.pointer).toBe('/deep/0/a/0/a/0/a/0/a/0');
    expect(JSON.parse(withoutSpans(text, spans))).toMatchObject({ keep: 1, after: [2] });
    expect(checkJsonText(text, { maxDepth: 10 })).toMatchObject({
      limit: 'depth',
      line: 1,
      pointer: '/deep/0/a/0/a/0/a/0/a/0',
    });
  });

  it('keeps a too-deep container in place, emptied, for arguments', () => {
    const bounded = boundArgumentsText('{"a": [[["x"]], {"b": {"c": 1}}]}', 3);
    expect(bounded.text).toBe('{"a": [[[]], {"b": {}}]}');
    expect(bounded.deep).toMatchObject({ pointer: '/a/0/0' });
    expect(boundArgumentsText('{"a": 1}', 3)).toEqual({ text: '{"a": 1}', deep: null });
  });

  it('checks size before depth, with the count and the limit', () => {
    expect(checkJsonText('[1, 2, 3]', { maxDepth: 10, maxCharacters: 5 })).toMatchObject({
      limit: 'size',
      message: 'the text has 9 characters; the limit is 5',
    });
  });

  it('gives what the brackets say for text that is not JSON, and never throws', () => {
    expect(findDeepSpans('[[[[ "unterminated', 2)).toEqual([expect.objectContaining({ start: 2, pointer: '/0/0' })]);
    expect(findDeepSpans(']]]}}}', 1)).toEqual([]);
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumnOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
