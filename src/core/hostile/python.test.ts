/**
 * Python loops, floods and bombs (Pyodide runs in Node too): each ends at its limit with a message naming
 * it, and the interpreter and workspace survive.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createPyodideRunner, type PyodideRunner, type PythonRunOptions } from '../runtime/python';
import { PYTHON_HEAP_LIMIT_BYTES } from '../runtime/python-heap-limit';
import { createWorkspace, type WorkspaceImpl } from '../workspace/workspace';

let workspace: WorkspaceImpl;
let runner: PyodideRunner;
const options = (overrides: Partial<PythonRunOptions> = {}): PythonRunOptions => ({
  cwd: '/workspace',
  timeoutMs: 10_000,
  signal: new AbortController().signal,
  ...overrides,
});

beforeAll(async () => {
  workspace = await createWorkspace();
  await workspace.writeText('kept.txt', 'kept\n');
  runner = createPyodideRunner({ workspace: () => workspace });
  await runner.load();
}, 60_000);

describe('hostile Python', () => {
  it('a memory bomb ends in MemoryError or the time limit, and the interpreter still answers', async () => {
    const run = await runner.run('a = []\nwhile True:\n    a.append("x" * 10**7)', options({ timeoutMs: 5_000 }));
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toMatch(/MemoryError|Timed out|memory/i);
    // The heap's cap is met before the machine's memory is: the note names it.
    if (run.stderr.includes('MemoryError'))
      expect(run.stderr).toContain(
        `python: the script asked for more than Python's ${PYTHON_HEAP_LIMIT_BYTES / (1024 * 1024)} MB memory limit (MemoryError); work on the data in smaller pieces`,
      );
    expect((await runner.run('print(6 * 7)', options())).stdout).toBe('42\n');
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
  }, 60_000);

  it('a loop printing without end is stopped at the limit with what it printed so far', async () => {
    // A tenth of a second: in half a second this loop printed 733 KB at a load average of 4.6, and on a quicker
    // moment it reached the 1 MB output limit first, which stops it as well, but not at the time limit.
    const run = await runner.run(
      'i = 0\nwhile True:\n    print(i, flush=True)\n    i += 1',
      options({ timeoutMs: 100 }),
    );
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBe(124);
    expect(run.stdout.startsWith('0\n1\n2\n')).toBe(true);
    expect((await runner.run('print("after")', options())).stdout).toBe('after\n');
  }, 60_000);

  it('a loop printing fast without end is stopped at the output limit, not at the time limit', async () => {
    const run = await runner.run('line = "x" * 1000\nwhile True:\n    print(line)', options({ timeoutMs: 120_000 }));
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(1);
    expect(run.stdout.startsWith('x'.repeat(1000))).toBe(true);
    expect(run.stdout).toMatch(/\[output truncated: \d+ more characters\]\n$/);
    expect(run.stderr).toContain(
      'python: stopped: the script printed more than the 1 MB output limit; write large output to a file',
    );
    expect((await runner.run('print("after")', options())).stdout).toBe('after\n');
  }, 120_000);

  it('a file written without end fails with EFBIG at the limit per file, and the rest is kept', async () => {
    const run = await runner.run(
      'chunk = "y" * (1 << 20)\nwith open("big.txt", "w") as f:\n    while True:\n        f.write(chunk)\n        f.flush()',
      options({ timeoutMs: 120_000 }),
    );
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/OSError: \[Errno 22\] File too large/);
    expect(run.stderr).toContain(
      "python: '/workspace/big.txt' would pass the workspace's 64 MB limit per file; write it in smaller files",
    );
    // Written up to the limit, as on a full disk; nothing else changed.
    expect((await workspace.stat('big.txt'))?.size).toBe(64 * 1024 * 1024);
    expect(await workspace.readText('kept.txt')).toBe('kept\n');
    await workspace.remove('big.txt');
  }, 120_000);

  it('a truncate past the limit is refused before the file grows', async () => {
    const run = await runner.run('with open("sparse.bin", "wb") as f:\n    f.truncate(2 ** 31)', options());
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/\[Errno 22\] File too large/);
    expect(run.stderr).toContain("python: '/workspace/sparse.bin' would pass the workspace's 64 MB limit per file");
    expect((await workspace.stat('sparse.bin'))?.size ?? 0).toBe(0);
    if (await workspace.exists('sparse.bin')) await workspace.remove('sparse.bin');
  }, 60_000);

  it('deep recursion is a RecursionError, not a crash', async () => {
    const run = await runner.run('def f(n):\n    return f(n + 1)\nf(0)', options());
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('RecursionError');
  }, 60_000);

  it('a script writing outside the workspace or into .git changes nothing in the workspace', async () => {
    await runner.run(
      'open("/etc/evil", "w").write("x")\nimport os\nos.makedirs(".git", exist_ok=True)\nopen(".git/config", "w").write("x")',
      options(),
    );
    expect(await workspace.listFiles()).toEqual(['kept.txt']);
    expect(await workspace.exists('.git/config')).toBe(false);
  }, 60_000);
});
