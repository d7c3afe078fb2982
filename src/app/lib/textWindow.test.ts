import { describe, expect, it } from 'vitest';
import { describeHidden, OUTPUT_WINDOW, windowText, type TextWindow } from './textWindow';

const seq = (from: number, to: number) => {
  const lines: string[] = [];
  for (let n = from; n <= to; n += 1) lines.push(String(n));
  return `${lines.join('\n')}\n`;
};

function cut(window: TextWindow): Extract<TextWindow, { whole: false }> {
  if (window.whole) throw new Error('expected a window, got the whole text');
  return window;
}

describe('windowText', () => {
  it('gives a short text whole', () => {
    expect(windowText('hello\nworld\n')).toEqual({ whole: true, text: 'hello\nworld\n' });
    expect(windowText('')).toEqual({ whole: true, text: '' });
  });

  it('gives a text whole when the head and the tail would meet', () => {
    const text = seq(1, OUTPUT_WINDOW.head.lines + OUTPUT_WINDOW.tail.lines);
    expect(windowText(text).whole).toBe(true);
  });

  it('shows the first and last lines of seq 1 999999 and counts the lines between', () => {
    const window = cut(windowText(seq(1, 999_999)));
    expect(window.head.startsWith('1\n2\n3\n')).toBe(true);
    expect(window.head.endsWith('\n200\n')).toBe(true);
    expect(window.tail.startsWith('999950\n')).toBe(true);
    expect(window.tail.endsWith('999999\n')).toBe(true);
    expect(window.totalLines).toBe(999_999);
    expect(window.hiddenLines).toBe(999_999 - 200 - 50);
    expect(describeHidden(window)).toBe('999,749 lines not shown');
  });

  it('honours other limits, and the text shown plus the hidden characters is the whole length', () => {
    const text = seq(1, 100);
    const window = cut(windowText(text, { head: { lines: 3, chars: 1000 }, tail: { lines: 2, chars: 1000 } }));
    expect(window.head).toBe('1\n2\n3\n');
    expect(window.tail).toBe('99\n100\n');
    expect(window.hiddenLines).toBe(95);
    expect(window.head.length + window.hiddenChars + window.tail.length).toBe(text.length);
  });

  it('a text without a final line break keeps its last line in the tail', () => {
    const window = cut(windowText('a\nb\nc\nd\ne', { head: { lines: 1, chars: 100 }, tail: { lines: 1, chars: 100 } }));
    expect(window.head).toBe('a\n');
    expect(window.tail).toBe('e');
    expect(window.hiddenLines).toBe(3);
  });

  it('cuts one very long line by characters and says how many are hidden', () => {
    const text = 'x'.repeat(2_000_000);
    const window = cut(windowText(text));
    expect(window.head.length).toBe(OUTPUT_WINDOW.head.chars);
    expect(window.tail.length).toBe(OUTPUT_WINDOW.tail.chars);
    expect(window.hiddenLines).toBe(0);
    expect(window.hiddenChars).toBe(2_000_000 - OUTPUT_WINDOW.head.chars - OUTPUT_WINDOW.tail.chars);
    expect(describeHidden(window)).toBe('1,968,000 characters not shown');
  });

  it('cuts long lines at the character limit even before the line count is reached', () => {
    const line = `${'y'.repeat(1_099)}\n`;
    const window = cut(windowText(line.repeat(1_000)));
    expect(window.head.length).toBe(OUTPUT_WINDOW.head.chars);
    expect(window.tail.length).toBe(OUTPUT_WINDOW.tail.chars);
    // 24,000 characters are 21 lines and part of a 22nd; 8,000 from the end are 7 lines and part of an 8th.
    expect(window.hiddenLines).toBe(1_000 - 22 - 8);
  });
});
