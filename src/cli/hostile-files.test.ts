/**
 * Hostile files through every CLI command that reads one: empty, binary, 200 MB (sparse), nested 100,000
 * deep, and a key of 10 MB. Each command answers with one clear error naming the file and the rule, a
 * non-zero exit code and no stack trace; the size is judged before the file is read.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, collection } from '../core/toolset/bundle';
import { splitLines, decodeChunks } from '../core/calls/lines';
import { readInputChunks, readInputFile } from './input-file';
import { runBatchCli } from './run-batch';
import { runCli } from './run';

let folder: string;
const file = (name: string) => join(folder, name);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'hostile-files-'));
  writeFileSync(file('empty.json'), '');
  // A PNG's signature and header: a NUL among the first bytes, as in any binary format.
  writeFileSync(file('image.json'), Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'));
  // 200 MB that take no disk: a sparse file.
  writeFileSync(file('huge.json'), '');
  truncateSync(file('huge.json'), 200 * 1024 * 1024);
  writeFileSync(file('deep.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  writeFileSync(file('long-key.json'), `{"${'k'.repeat(10 * 1024 * 1024)}": {"type": "object"}}`);
  writeFileSync(file('latin1.json'), Buffer.from('{"name": "caf\xe9"}', 'latin1'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const COMMANDS: [string, (path: string) => string[]][] = [
  ['import', (path) => ['import', path, '--to', 'mcp']],
  ['convert', (path) => ['convert', path, '--to-2020-12']],
  ['diff', (path) => ['diff', path, path]],
  ['lint --toolset', (path) => ['lint', '--toolset', path]],
  ['list --toolset', (path) => ['list', '--toolset', path]],
  ['export --toolset', (path) => ['export', '--format', 'anthropic', '--toolset', path]],
  ['lint --config', (path) => ['lint', '--config', path]],
];

const FILES: [string, string, RegExp][] = [
  ['empty.json', 'a 0-byte file', /is empty \(0 bytes\)/],
  ['image.json', 'a binary file', /is a binary file \(a NUL byte at byte \d+\), not text/],
  ['huge.json', 'a 200 MB file', /is 200\.0 MB, over the 64 MB limit for an input file/],
  ['latin1.json', 'a file that is not UTF-8', /is not UTF-8 text/],
  [
    'deep.json',
    'JSON nested 100,000 deep',
    /nested more than \d+ levels deep \(at line 1, column \d+\); nesting is limited to \d+ levels|the text has 200,000 characters; the limit is 65,536/,
  ],
  [
    'long-key.json',
    'a key of 10 MB',
    /characters; (?:the limit is|imports are limited to|schemas are limited to) 10,485,760|the limit is 65,536/,
  ],
];

describe.each(COMMANDS)('%s', (_command, argv) => {
  it.each(FILES)('%s (%s): one clear error naming the file and the rule', async (name, _what, rule) => {
    const result = await runCli(argv(file(name)), {
      bundle,
      toolsets: collection.toolsets,
      readFile: readInputFile,
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.exitCode).not.toBe(0);
    expect(output).toContain(name);
    expect(output).toMatch(rule);
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(output).not.toMatch(/TypeError|RangeError|Maximum call stack|heap out of memory/);
    expect(output.length).toBeLessThan(4_000);
  });
});

describe('validate --batch, which reads its file piece by piece', () => {
  const batch = (name: string) =>
    runBatchCli(['validate', '--batch', file(name)], {
      bundle,
      openLines: (source) => splitLines(decodeChunks(readInputChunks(source))),
    });

  it.each([
    ['empty.json', /is empty \(0 bytes\)/],
    ['image.json', /is a binary file \(a NUL byte at byte 8\), not text/],
    // 200 MB of NULs: refused from its first bytes, not read.
    ['huge.json', /is a binary file \(a NUL byte at byte 0\), not text/],
    ['no-such-file.jsonl', /there is no such file/],
  ])('%s: refused before the first line, naming the file', async (name, rule) => {
    const result = await batch(name);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`Cannot read '${file(name)}'`);
    expect(result.stderr).toMatch(rule);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('a line nested 100,000 deep and a line with a key of 10 MB are read as records without a call', async () => {
    for (const name of ['deep.json', 'long-key.json']) {
      const result = await batch(name);
      expect(result.stdout).toContain('0 calls: 0 valid, 0 invalid');
      expect(result.stdout).toContain('1 records held no tool call');
      expect(result.stdout.length + result.stderr.length).toBeLessThan(4_000);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/RangeError|Maximum call stack|\n\s+at .+:\d+:\d+/);
    }
  });
});
