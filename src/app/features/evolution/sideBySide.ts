/** Two texts as aligned rows for a side-by-side view: unchanged lines on both sides, removed left, added right. */
import { diffLines } from 'diff';

export interface SideBySideRow {
  left?: string;
  right?: string;
  kind: 'same' | 'changed' | 'removed' | 'added';
}

const splitLines = (value: string): string[] => {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

export function sideBySideRows(before: string, after: string): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  const parts = diffLines(before.endsWith('\n') ? before : `${before}\n`, after.endsWith('\n') ? after : `${after}\n`);
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    const lines = splitLines(part.value);
    if (!part.added && !part.removed) {
      for (const line of lines) rows.push({ left: line, right: line, kind: 'same' });
      continue;
    }
    // A removal followed by an addition is one change: its lines pair up row by row.
    const next = parts[index + 1];
    if (part.removed && next?.added) {
      const added = splitLines(next.value);
      for (let line = 0; line < Math.max(lines.length, added.length); line += 1) {
        const left = lines[line];
        const right = added[line];
        rows.push({
          ...(left === undefined ? {} : { left }),
          ...(right === undefined ? {} : { right }),
          kind: left !== undefined && right !== undefined ? 'changed' : left !== undefined ? 'removed' : 'added',
        });
      }
      index += 1;
      continue;
    }
    for (const line of lines)
      rows.push(part.removed ? { left: line, kind: 'removed' } : { right: line, kind: 'added' });
  }
  return rows;
}
