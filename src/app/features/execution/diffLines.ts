/** A unified diff split into lines a renderer can colour, with old/new line numbers where known. */
type DiffLineKind = 'file-header' | 'hunk' | 'addition' | 'deletion' | 'context' | 'meta';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function classifyDiffLines(patch: string): DiffLine[] {
  const lines = patch.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const result: DiffLine[] = [];
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  for (const text of lines) {
    if (text.startsWith('diff ') || text.startsWith('Index: ') || text.startsWith('===')) {
      inHunk = false;
      result.push({ kind: 'file-header', text, oldLine: null, newLine: null });
      continue;
    }
    const hunk = HUNK_HEADER.exec(text);
    if (hunk) {
      inHunk = true;
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      result.push({ kind: 'hunk', text, oldLine: null, newLine: null });
      continue;
    }
    if (!inHunk) {
      const isFileLine = text.startsWith('--- ') || text.startsWith('+++ ');
      result.push({ kind: isFileLine ? 'file-header' : 'meta', text, oldLine: null, newLine: null });
      continue;
    }
    if (text.startsWith('+')) {
      result.push({ kind: 'addition', text, oldLine: null, newLine: newLine++ });
    } else if (text.startsWith('-')) {
      result.push({ kind: 'deletion', text, oldLine: oldLine++, newLine: null });
    } else if (text.startsWith('\\')) {
      // "\ No newline at end of file"
      result.push({ kind: 'meta', text, oldLine: null, newLine: null });
    } else {
      result.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return result;
}
