/** The Roots field of the connect form: one directory a line, as a path or a file:// URL, made into root URIs. */
import { rootFrom } from '../../../core/mcp/input/roots';

export function parseRoots(text: string): { ok: true; uris: string[] } | { ok: false; message: string } {
  const uris: string[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(line) && !/^file:\/\//i.test(line))
      return {
        ok: false,
        message: `Roots: line ${index + 1} ('${line}') is not a directory; write a path (/home/me/project) or a file:// URL, one a line.`,
      };
    uris.push(rootFrom(line).uri);
  }
  return { ok: true, uris };
}
