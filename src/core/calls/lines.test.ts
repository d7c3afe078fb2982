import { describe, expect, it } from 'vitest';
import { decodeChunks, splitLines, type LineStream, type OverlongLine } from './lines';

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

describe('a line longer than the cap', () => {
  const CAP = 1_000;
  const CHUNK = 64;
  /** `text` cut into CHUNK-character pieces, recording what the splitter holds each time it asks for more. */
  const chunked = (text: string, held: number[], stream: () => { heldCharacters: () => number }) =>
    (function* () {
      for (let at = 0; at < text.length; at += CHUNK) {
        held.push(stream().heldCharacters());
        yield text.slice(at, at + CHUNK);
      }
      held.push(stream().heldCharacters());
    })();

  it('is never held past the cap while it streams in, and the lines after it still come', async () => {
    const long = 'x'.repeat(50_000);
    const held: number[] = [];
    const lines: LineStream<string | OverlongLine> = splitLines(
      chunked(`{"a":1}\n${long}\r\n{"b":2}\n${'y'.repeat(CAP)}\n${'z'.repeat(CAP + 1)}`, held, () => lines),
      { maxLineCharacters: CAP },
    );
    expect(await collect(lines)).toEqual([
      '{"a":1}',
      { overlong: true, characters: 50_000, limit: CAP },
      '{"b":2}',
      'y'.repeat(CAP),
      { overlong: true, characters: CAP + 1, limit: CAP },
    ]);
    expect(held.length).toBeGreaterThan(50_000 / CHUNK);
    expect(Math.max(...held)).toBeLessThanOrEqual(CAP);
    // The line at the cap was held whole, so the record shows what was measured.
    expect(Math.max(...held)).toBeGreaterThan(CAP - CHUNK);
  });

  it('is caught inside one chunk larger than the cap, and in line batches too', async () => {
    const lines = splitLines([`a\n${'x'.repeat(CAP * 3)}\nb\n`], { maxLineCharacters: CAP });
    const batches = await collect(lines.lineBatches());
    expect(batches.flat()).toEqual(['a', { overlong: true, characters: CAP * 3, limit: CAP }, 'b']);
    expect(lines.heldCharacters()).toBe(0);
  });

  it('at the end of the stream, with no newline after it, is still reported', async () => {
    const held: number[] = [];
    const lines: LineStream<string | OverlongLine> = splitLines(
      chunked(`{"a":1}\n${'x'.repeat(5_000)}`, held, () => lines),
      {
        maxLineCharacters: CAP,
      },
    );
    expect(await collect(lines)).toEqual(['{"a":1}', { overlong: true, characters: 5_000, limit: CAP }]);
    expect(Math.max(...held)).toBeLessThanOrEqual(CAP);
  });
});
