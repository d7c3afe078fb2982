/**
 * Hostile files through every CLI command that reads one: empty, binary, 200 MB (sparse), nested 100,000
 * deep, and a key of 10 MB; a named pipe and standard input that never end. Each command answers with one
 * clear error naming the file and the rule, a non-zero exit code and no stack trace; the size is judged
 * before the file is read, and a pipe is read no further than the limit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundle, collection } from '../core/toolset/bundle';
import { splitLines, decodeChunks } from '../core/calls/lines';
import { readInputChunks, readInputFile, readStandardInput } from './input-file';
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

const expectOneClearError = (
  result: { stdout: string; stderr: string; exitCode: number },
  name: string,
  rule: RegExp,
): void => {
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.exitCode).not.toBe(0);
  expect(output).toContain(name);
  expect(output).toMatch(rule);
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(output).not.toMatch(/TypeError|RangeError|Maximum call stack|heap out of memory/);
  expect(output.length).toBeLessThan(4_000);
};

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
    expectOneClearError(result, name, rule);
  });
});

// Named pipes: made with mkfifo where the platform has it (not on Windows), and fed by a separate process.
const canMakeFifo = (() => {
  if (process.platform === 'win32') return false;
  const probe = mkdtempSync(join(tmpdir(), 'fifo-probe-'));
  try {
    return spawnSync('mkfifo', [join(probe, 'pipe')]).status === 0;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/**
 * A process that opens the pipe for writing and writes `text`, then (with `endless`) spaces for ever: each time a
 * reader closes its end it opens the pipe again for the next reader. A reader held to the limit never sees an end.
 */
const WRITER = `
const fs = require('node:fs');
const [path, base64, endless] = process.argv.slice(1);
const text = Buffer.from(base64, 'base64');
const spaces = Buffer.alloc(1 << 16, ' ');
do {
  const fd = fs.openSync(path, 'w');
  try {
    fs.writeSync(fd, text);
    if (endless === '1') for (;;) fs.writeSync(fd, spaces);
  } catch {}
  fs.closeSync(fd);
} while (endless === '1');
`;
const writers: ChildProcess[] = [];
const feed = (path: string, text: string, endless: boolean): void => {
  writers.push(
    spawn(process.execPath, ['-e', WRITER, path, Buffer.from(text).toString('base64'), endless ? '1' : '0'], {
      stdio: 'ignore',
    }),
  );
};
// Each writer is gone before the next test: one still waiting to open the pipe would meet the next test's reader.
afterEach(async () => {
  await Promise.all(
    writers.splice(0).map(
      (writer) =>
        new Promise<void>((resolve) => {
          if (writer.exitCode !== null || writer.signalCode !== null) return resolve();
          writer.once('exit', () => resolve());
          writer.kill();
        }),
    ),
  );
});

const OVER_LIMIT = /holds more than 64\.0 MB, over the 64 MB limit for an input file; reading stopped at the limit/;
const VALID_TOOL = '{"name": "ping", "description": "Answers.", "inputSchema": {"type": "object"}}';

describe.runIf(canMakeFifo)('a named pipe', () => {
  let pipe: string;
  let pipes = 0;
  // A pipe of its own for each test, so no writer of another test can reach its reader.
  beforeEach(() => {
    pipes += 1;
    const own = file(`pipe-${pipes}`);
    mkdirSync(own);
    pipe = join(own, 'pipe.json');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
  });

  it.each(COMMANDS)('%s: one that never ends is read to the limit and refused in one line', async (_command, argv) => {
    feed(pipe, '{"tools": [', true);
    const result = await runCli(argv(pipe), { bundle, toolsets: collection.toolsets, readFile: readInputFile });
    expectOneClearError(result, 'pipe.json', OVER_LIMIT);
  });

  it('one within the limit is read as a file is', async () => {
    feed(pipe, VALID_TOOL, false);
    const result = await runCli(['import', pipe, '--to', 'anthropic'], { bundle, readFile: readInputFile });
    expect(result.stderr).toMatch(/: 1 of 1 tool converted/);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([expect.objectContaining({ name: 'ping' })]);
  });

  it('a binary one is refused as a binary file is', async () => {
    feed(pipe, '\u0000\u0001binary', false);
    const result = await runCli(['import', pipe, '--to', 'mcp'], { bundle, readFile: readInputFile });
    expectOneClearError(result, 'pipe.json', /is a binary file \(a NUL byte at byte 0\), not text/);
  });
});

describe.runIf(canMakeFifo)('standard input', () => {
  // A named pipe stands in for descriptor 0: the same reader, on a pipe that is not this process's own input.
  let pipe: string;
  beforeAll(() => {
    pipe = file('stdin');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
  });
  const stdinOf = (text: string, endless: boolean) => () => {
    feed(pipe, text, endless);
    const descriptor = openSync(pipe, 'r');
    try {
      return readStandardInput(descriptor);
    } finally {
      closeSync(descriptor);
    }
  };

  it.each([
    ['import -', ['import', '-', '--to', 'mcp']],
    ['convert -', ['convert', '-', '--to-2020-12']],
    ['validate <tool>', ['validate', 'read_file']],
  ])('%s: input that never ends is read to the limit and refused in one line', async (_command, argv) => {
    const result = await runCli(argv, { bundle, toolsets: collection.toolsets, stdin: stdinOf('{"path": "', true) });
    expectOneClearError(result, 'Standard input could not be read', OVER_LIMIT);
  });

  it('input within the limit is read whole', async () => {
    const result = await runCli(['validate', 'read_file'], { bundle, stdin: stdinOf('{"path": "a.txt"}', false) });
    expect(result.stdout).toBe('✓ Valid: Arguments conform to read_file schema\n');
    expect(result.exitCode).toBe(0);
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
