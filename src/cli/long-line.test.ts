/**
 * `validate --batch` with a line past the cap for one line, from a file and from standard input: the line is
 * never joined (what the reader holds stays within the cap), it is reported by its number with the limit and what
 * to do, and the lines after it are checked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineStream, OverlongLine } from '../core/calls/lines';
import { bundle } from '../core/toolset/bundle';
import { MAX_LINE_CHARACTERS } from '../core/calls/limits';
import { openInputLines } from './input-file';
import { runBatchCli } from './run-batch';

const VALID = '{"tool": "read_file", "arguments": {"path": "a.txt"}}';
const CHUNK = 64 * 1024;
const count = (value: number) => value.toLocaleString('en-US');

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'long-line-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('validate --batch and a line too long to read', () => {
  it('from standard input: held within the cap and one chunk, reported as one failure, the next line checked', async () => {
    const head = '{"tool": "write_file", "arguments": {"path": "b.txt", "content": "';
    const tail = `"}}\n${VALID}\n`;
    const filler = Buffer.alloc(CHUNK, 'x');
    const fillerChunks = Math.ceil(MAX_LINE_CHARACTERS / CHUNK) + 2;
    const lineLength = head.length + fillerChunks * CHUNK + 3;
    const held: number[] = [];
    let lines: LineStream<string | OverlongLine> | undefined;
    const stdin = async function* () {
      yield Buffer.from(head);
      for (let index = 0; index < fillerChunks; index++) {
        held.push(lines!.heldCharacters());
        yield filler;
      }
      held.push(lines!.heldCharacters());
      yield Buffer.from(tail);
    };
    const result = await runBatchCli(['validate', '--batch', '-'], {
      bundle,
      openLines: (source) => (lines = openInputLines(source, stdin())),
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('2 calls: 1 valid, 0 invalid, 0 unknown tool, 1 unparseable');
    expect(result.stdout).toContain(
      `Lines not read\n  Line 1 has ${count(lineLength)} characters, over the limit of ${count(MAX_LINE_CHARACTERS)} for one line, so it was not read. To check the call it holds, cut its largest value down\n`,
    );
    expect(result.stdout).toMatch(/line_too_long +1\n/);
    expect(held.length).toBe(fillerChunks + 1);
    expect(Math.max(...held)).toBeLessThanOrEqual(MAX_LINE_CHARACTERS + CHUNK);
    expect(result.exitCode).toBe(1);
  });

  it('from a file: each long line reported by its number in --json, every other line checked', async () => {
    const path = join(folder, 'long.jsonl');
    const long = `{"tool": "read_file", "arguments": {"path": "${'p'.repeat(5_000)}"}}`;
    writeFileSync(path, [VALID, long, VALID, long, VALID, ''].join('\n'));
    const result = await runBatchCli(['validate', '--batch', path, '--json'], {
      bundle,
      openLines: (source) => openInputLines(source, [], 1_000),
    });
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ calls: 5, valid: 3, unparseable: 2, passed: false });
    expect(summary.linesNotRead).toEqual([
      expect.objectContaining({ line: 2, characters: long.length, limit: 1_000 }),
      expect.objectContaining({ line: 4, characters: long.length, limit: 1_000 }),
    ]);
  });

  it('a pretty-printed document past the same cap: held within it as it is read, reported as one failure', async () => {
    const cap = 2_000;
    const record = (index: number) => [
      '  {',
      `    "tool": "read_file",`,
      `    "arguments": { "path": "file-${index}.txt" }`,
      '  },',
    ];
    const stdin = async function* () {
      yield Buffer.from('[\n');
      // Each piece is far below the cap for a line; only the document as a whole passes it.
      for (let index = 0; index < 1_000; index++) yield Buffer.from(`${record(index).join('\n')}\n`);
      yield Buffer.from(`${record(1_000)[0]}\n  }\n]\n`);
    };
    const result = await runBatchCli(['validate', '--batch', '-'], {
      bundle,
      openLines: (source) => openInputLines(source, stdin(), cap),
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('1 call: 0 valid, 0 invalid, 0 unknown tool, 1 unparseable');
    expect(result.stdout).toMatch(
      /Lines not read\n {2}The JSON document from line 1 has more than 2,0\d\d characters, over the limit of 2,000 for one document, so it was not read\. To check the calls it holds, write them as JSON Lines \(one record per line\), or cut its largest values down\n/,
    );
    expect(result.stdout).toMatch(/document_too_long +1\n/);
    expect(result.exitCode).toBe(1);
  });

  it('a pretty-printed document within the cap is read whole and checked', async () => {
    const document = JSON.stringify([{ tool: 'read_file', arguments: { path: 'a.txt' } }], null, 2);
    const result = await runBatchCli(['validate', '--batch', '-', '--json'], {
      bundle,
      openLines: (source) => openInputLines(source, [Buffer.from(document)], document.length + 1),
    });
    expect(JSON.parse(result.stdout)).toMatchObject({ calls: 1, valid: 1, layout: 'json-document' });
  });
});
