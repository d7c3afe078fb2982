/**
 * Earlier versions of the sample project's files, derived from their final text (./files.ts) by small, named
 * edits; each edit must match exactly once, so a typo in the history fails loudly in the tests.
 */
import { SAMPLE_FILES } from './files';

export function final(path: string): string {
  const text = SAMPLE_FILES[path];
  if (text === undefined) throw new Error(`sample file missing: ${path}`);
  return text;
}

/** Replace exactly one occurrence; a typo in the history fails loudly in the tests. */
export function edit(text: string, from: string, to: string): string {
  const index = text.indexOf(from);
  if (index < 0 || text.indexOf(from, index + 1) >= 0)
    throw new Error(`sample history edit does not match once: ${from.slice(0, 60)}`);
  return text.slice(0, index) + to + text.slice(index + from.length);
}

/** Remove the lines from the one containing `startMarker` to the first line equal to `endLine`, and the blank line before. */
export function withoutBlock(text: string, startMarker: string, endLine: string): string {
  const lines = text.split('\n');
  let start = lines.findIndex((line) => line.includes(startMarker));
  const end = lines.findIndex((line, index) => index > start && line === endLine);
  if (start < 0 || end < 0) throw new Error(`sample history block not found: ${startMarker}`);
  if (start > 0 && lines[start - 1] === '') start -= 1;
  lines.splice(start, end - start + 1);
  return lines.join('\n');
}

/** Remove the one line containing `marker`. */
export function withoutLine(text: string, marker: string): string {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  if (index < 0) throw new Error(`sample history line not found: ${marker}`);
  lines.splice(index, 1);
  return lines.join('\n');
}

export function files(...paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.map((path) => [path, final(path)]));
}

export function version(path: string, ...edits: ((text: string) => string)[]): string {
  return edits.reduce((text, apply) => apply(text), final(path));
}
