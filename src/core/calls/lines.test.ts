import { describe, expect, it } from 'vitest';
import { decodeChunks, splitLines } from './lines';

const collect = async <T>(iterable: AsyncIterable<T>) => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

describe('lines from chunks', () => {
  it('splits across chunk edges, drops CR of CRLF, keeps blank lines and a last line without newline', async () => {
    expect(await collect(splitLines(['{"a"', ':1}\r\n\n{"b":', '2}\r', '\n{"c":3}']))).toEqual([
      '{"a":1}',
      '',
      '{"b":2}',
      '{"c":3}',
    ]);
  });

  it('decodes UTF-8 characters split between two byte chunks', async () => {
    const bytes = new TextEncoder().encode('{"path": "résumé — 日本.md"}\n');
    const cut = bytes.indexOf(0xa9); // inside "é"
    const chunks = [bytes.slice(0, cut), bytes.slice(cut, cut + 5), bytes.slice(cut + 5)];
    expect(await collect(splitLines(decodeChunks(chunks)))).toEqual(['{"path": "résumé — 日本.md"}']);
  });

  it('an empty stream is no lines', async () => {
    expect(await collect(splitLines([]))).toEqual([]);
  });
});

describe('a line longer than a chunk', () => {
  it('is given whole, once, however many chunks it spans', async () => {
    const line = JSON.stringify({
      tool: 'write_file',
      arguments: { path: 'a.txt', content: 'x'.repeat(5 * 1024 * 1024) },
    });
    const chunks: string[] = [];
    for (let at = 0; at < line.length; at += 65_536) chunks.push(line.slice(at, at + 65_536));
    chunks.push('\r\n{"b":2}');
    expect(await collect(splitLines(chunks))).toEqual([line, '{"b":2}']);
  });

  it('keeps a CR that ends a chunk until the next chunk says whether a newline follows', async () => {
    expect(await collect(splitLines(['{"a":1}\r', '\n', '{"b":2}\r']))).toEqual(['{"a":1}', '{"b":2}']);
  });
});
