/**
 * The workspace's `node` (QuickJS) against floods and bombs: endless output, growing memory, a file
 * grown past the workspace's limit per file. Each stops at its limit with a message naming it and
 * what to do, keeps what was printed, and leaves the rest of the workspace as it was.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../workspace/paths';
import { runNodeProgram } from '../workspace/shell/node-runtime';
import { createWorkspace, type WorkspaceImpl } from '../workspace/workspace';

let workspace: WorkspaceImpl;
const run = (command: string, timeoutMs = 60_000) => workspace.runShell(command, { cwd: '/workspace', timeoutMs });

beforeEach(async () => {
  workspace = await createWorkspace();
  await workspace.writeText('kept.txt', 'kept\n');
});

describe('node: output flood', () => {
  it('a program printing without end is stopped at the output limit, with what it printed', async () => {
    const result = await run(
      `node -e "const chunk = 'x'.repeat(65536); console.error('started'); while (true) process.stdout.write(chunk)"`,
    );
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.stdout.startsWith('x'.repeat(65536))).toBe(true);
    expect(result.stdout).toMatch(/\[output truncated: \d+ more characters\]\n$/);
    expect(result.stdout.length).toBeLessThan(8 * 1024 * 1024 + 65536 + 100);
    expect(result.stderr).toContain('started\n');
    expect(result.stderr).toContain(
      'node: stopped: the program printed more than the 8 MB output limit; write large output to a file',
    );
    expect((await run('node -e "console.log(6 * 7)"')).stdout).toBe('42\n');
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
  }, 120_000);

  it('a program that catches the stop is still stopped', async () => {
    const result = await run(
      `node -e "const chunk = 'y'.repeat(65536); while (true) { try { process.stdout.write(chunk) } catch {} }"`,
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('8 MB output limit');
  }, 120_000);
});

describe('node: memory bomb', () => {
  it('a growing array ends at the memory limit, named, and the engine runs the next program', async () => {
    const fs = workspace.fs;
    const result = await runNodeProgram({
      program: {
        kind: 'eval',
        code: 'const a = []; while (true) a.push({ n: a.length })',
        print: false,
        filename: '[eval]',
      },
      args: [],
      cwd: '/workspace',
      env: {},
      fs,
      deadline: Date.now() + 120_000,
      memoryLimitBytes: 16 * 1024 * 1024,
    });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('out of memory');
    expect(result.stderr).toContain(
      'node: the program used more than the 16 MB memory limit; work on the data in smaller pieces',
    );
    expect((await run('node -e "console.log(6 * 7)"')).stdout).toBe('42\n');
  }, 120_000);

  it("a string doubled without end fails at once with the engine's limit", async () => {
    const result = await run(`node -e "let s = 'x'; while (true) s += s"`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/string too long|out of memory/);
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
  }, 120_000);
});

describe('node: file-size bomb', () => {
  it('appending without end stops at the workspace limit per file, with EFBIG naming the file', async () => {
    const result = await run(
      `node -e "const fs = require('fs'); const mb = 'z'.repeat(1 << 20); for (let i = 0; i < 1000; i++) fs.appendFileSync('big.log', mb)"`,
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      "EFBIG: file too large (65.0 MB, over the workspace's 64 MB limit per file; write it in smaller files), open 'big.log'",
    );
    expect(result.stderr).toContain("code: 'EFBIG'");
    // What was written up to the limit is kept, as on a full disk; nothing else changed.
    expect((await workspace.stat('big.log'))?.size).toBe(MAX_FILE_BYTES);
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
  }, 120_000);

  it('one write past the limit is refused before anything is written, and the program may go on', async () => {
    const result = await run(
      `node -e "const fs = require('fs'); try { fs.writeFileSync('huge.bin', new Uint8Array(${MAX_FILE_BYTES + 1})) } catch (e) { console.log(e.code) } console.log(fs.existsSync('huge.bin'))"`,
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('EFBIG\nfalse\n');
    expect(await workspace.exists('huge.bin')).toBe(false);
  }, 120_000);
});

describe('shell: floods and file-size bombs', () => {
  it('one command writing more than the output limit is stopped, with the limit in words', async () => {
    await workspace.writeBytes('part.bin', new Uint8Array(15 * 1024 * 1024).fill(65));
    const result = await run('for i in 1 2 3 4 5; do cat part.bin >> whole.bin; done');
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(
      "total output size exceeded (the shell's 16 MB output limit per command; write large data in smaller steps)",
    );
    expect(result.stderr).not.toContain('executionLimits');
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
  }, 120_000);

  it('appending past the limit per file fails with EFBIG naming the file, and keeps what was there', async () => {
    await workspace.writeBytes('part.bin', new Uint8Array(15 * 1024 * 1024).fill(65));
    for (let step = 0; step < 4; step++) expect((await run('cat part.bin >> whole.bin')).exitCode).toBe(0);
    const result = await run('cat part.bin >> whole.bin');
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(
      "EFBIG: file too large (75.0 MB, over the workspace's 64 MB limit per file; write it in smaller files), append '/workspace/whole.bin'",
    );
    expect((await workspace.stat('whole.bin'))?.size).toBe(60 * 1024 * 1024);
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
  }, 120_000);
});
