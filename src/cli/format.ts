import type { JsonValue } from '../core/toolset/types';
import { padVisible, visibleLength } from './style';

/** JSON on one line with a space after `:` and `,`, as the reference CLI prints examples: {"path": "README.md"}. */
export const compactJson = (value: JsonValue | unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(compactJson).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${JSON.stringify(key)}: ${compactJson(item)}`)
    .join(', ')}}`;
};

/** Word-wraps text to `width` columns; a word longer than the width gets its own line. */
export const wrapText = (text: string, width: number): string[] => {
  const result: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > width) {
      result.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) result.push(current);
  return result.length > 0 ? result : [''];
};

/** Draws the reference CLI's box around lines: a title row, a rule, then the body. */
export const box = (title: string, body: string[]): string[] => {
  const width = Math.max(visibleLength(title), ...body.map(visibleLength)) + 2;
  const row = (text: string) => `│ ${padVisible(text, width - 1)}│`;
  return [`┌${'─'.repeat(width)}┐`, row(title), `├${'─'.repeat(width)}┤`, ...body.map(row), `└${'─'.repeat(width)}┘`];
};

/** "1 tool", "2 tools": a count with its noun in the right number. */
export const plural = (count: number, noun: string, pluralNoun = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : pluralNoun}`;

/** Text on one line: a description written over several lines must not break a table row. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Aligns rows into columns, widths from the widest cell; `align` sets a column right-aligned; the last column is left ragged. */
export const table = (rows: string[][], align: readonly ('left' | 'right')[] = [], gap = 1): string[] => {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, visibleLength(cell))));
  return rows.map((row) =>
    row
      .map((cell, index) => {
        const width = widths[index] ?? 0;
        if (align[index] === 'right') return ' '.repeat(Math.max(0, width - visibleLength(cell))) + cell;
        return index === row.length - 1 ? cell : padVisible(cell, width);
      })
      .join(' '.repeat(gap))
      .trimEnd(),
  );
};

/** Aligns rows into columns; the last column is left ragged. */
export const columns = (rows: string[][], gap = 2, trim = true): string[] => {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, visibleLength(cell))));
  return rows
    .map((row) =>
      row
        .map((cell, index) => (index === row.length - 1 ? cell : padVisible(cell, (widths[index] ?? 0) + gap)))
        .join(''),
    )
    .map((line) => (trim ? line.trimEnd() : line));
};

/** The first sentence of a description, for one-line listings. */
export const firstSentence = (text: string): string => {
  const flat = oneLine(text);
  const match = /^(.+?[.!?])(\s|$)/.exec(flat);
  return (match?.[1] ?? flat).replace(/\.$/, '');
};
