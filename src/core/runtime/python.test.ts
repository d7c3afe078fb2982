import { beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type WorkspaceImpl } from '../workspace/workspace';
import { createPyodideRunner, type PyodideRunner, type PythonRunOptions } from './python';
import { PYTHON_HEAP_LIMIT_BYTES } from './python-heap-limit';
import type { ProgressReport } from './types';

// One interpreter for the file: loading Pyodide takes a few seconds.
let workspace: WorkspaceImpl;
let runner: PyodideRunner;
const loadProgress: ProgressReport[] = [];

const options = (overrides: Partial<PythonRunOptions> = {}): PythonRunOptions => ({
  cwd: '/workspace',
  timeoutMs: 10_000,
  signal: new AbortController().signal,
  ...overrides,
});

beforeAll(async () => {
  workspace = await createWorkspace();
  runner = createPyodideRunner({ workspace: () => workspace, onProgress: (report) => loadProgress.push(report) });
  await runner.load();
}, 60_000);

describe('createPyodideRunner', () => {
  it('loads once and reports loading progress', () => {
    expect(runner.isLoaded()).toBe(true);
    expect(runner.loadTimeMs()).toBeGreaterThan(0);
    expect(loadProgress[0]?.message).toContain('Loading Python');
    expect(loadProgress[loadProgress.length - 1]?.message).toMatch(/^Python 3\.\d+/);
  });

  it("refuses a script's memory past Python's limit before it is taken, names the limit, and the next run works", async () => {
    const heapBefore = runner.heapBytes()!;
    const past = PYTHON_HEAP_LIMIT_BYTES + 64 * 1024 * 1024;
    const bomb = await runner.run(`data = bytearray(${past})\nprint("allocated")`, options());
    expect(bomb.exitCode).toBe(1);
    expect(bomb.stdout).not.toContain('allocated');
    expect(bomb.stderr).toMatch(/^MemoryError/m);
    expect(bomb.stderr).toContain(
      `python: the script asked for more than Python's ${PYTHON_HEAP_LIMIT_BYTES / (1024 * 1024)} MB memory limit (MemoryError); work on the data in smaller pieces`,
    );
    // Refused before the work: the heap did not grow towards the request.
    expect(runner.heapBytes()!).toBeLessThan(heapBefore + 64 * 1024 * 1024);
    const caught = await runner.run(
      `try:\n    chunks = [bytearray(1024 * 1024) for _ in range(${past / (1024 * 1024)})]\nexcept MemoryError:\n    chunks = None\n    print("caught")`,
      options(),
    );
    expect(caught).toMatchObject({ exitCode: 0, stdout: 'caught\n' });
    const next = await runner.run('print(sum(range(10)))', options());
    expect(next).toMatchObject({ exitCode: 0, stdout: '45\n' });
    expect(next.stderr).toBe('');
  });

  it('gives scripts a js module holding none of the host’s globals, and no pyodide_js', async () => {
    const script = [
      'import js',
      'for name in ["fetch", "XMLHttpRequest", "indexedDB", "process", "eval", "globalThis", "WebSocket", "postMessage"]:',
      '    print(name, hasattr(js, name))',
      'try:',
      '    import pyodide_js',
      '    print("pyodide_js importable")',
      'except ImportError:',
      '    print("pyodide_js refused")',
      'from pyodide.code import run_js',
      'try:',
      '    run_js("1")',
      '    print("run_js ran")',
      'except Exception as error:',
      '    print("run_js refused", type(error).__name__)',
    ].join('\n');
    const run = await runner.run(script, options());
    expect(run.exitCode).toBe(0);
    for (const name of [
      'fetch',
      'XMLHttpRequest',
      'indexedDB',
      'process',
      'eval',
      'globalThis',
      'WebSocket',
      'postMessage',
    ])
      expect(run.stdout).toContain(`${name} False`);
    expect(run.stdout).toContain('pyodide_js refused');
    expect(run.stdout).toMatch(/run_js refused/);
    // Ordinary scripts are untouched.
    const ordinary = await runner.run(
      'import json, re, os\nprint(json.dumps({"ok": bool(re.match("a", "a"))}))',
      options(),
    );
    expect(ordinary).toMatchObject({ stdout: '{"ok": true}\n', exitCode: 0 });
  });

  it('runs a script and captures stdout', async () => {
    const run = await runner.run('print(1 + 1)\nprint("é", end="")', options());
    expect(run).toMatchObject({ stdout: '2\né', stderr: '', exitCode: 0, timedOut: false, changes: [] });
  });

  it('reads workspace files and writes new ones back', async () => {
    await workspace.writeText('data/input.txt', 'alpha\nbeta\n');
    const script = [
      'with open("data/input.txt") as source:',
      '    lines = source.read().split()',
      'with open("data/output.txt", "w") as target:',
      '    target.write(",".join(reversed(lines)))',
      'import os',
      'os.makedirs("reports/weekly", exist_ok=True)',
      'open("reports/weekly/summary.md", "w").write("# Summary")',
      'print(len(lines))',
    ].join('\n');
    const run = await runner.run(script, options());
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('2\n');
    expect(await workspace.readText('data/output.txt')).toBe('beta,alpha');
    expect(await workspace.readText('reports/weekly/summary.md')).toBe('# Summary');
    expect(run.changes).toEqual([
      { path: 'data/output.txt', change: 'created' },
      { path: 'reports/weekly/summary.md', change: 'created' },
    ]);
  });

  it('reports modified and deleted files, and honours the working directory', async () => {
    await workspace.writeText('app/config.ini', 'debug=false');
    await workspace.writeText('app/old.log', 'x');
    const script = [
      'import os',
      'print(os.getcwd())',
      'open("config.ini", "w").write("debug=true")',
      'os.remove("old.log")',
    ].join('\n');
    const run = await runner.run(script, options({ cwd: 'app' }));
    expect(run.stdout).toBe('/workspace/app\n');
    expect(await workspace.readText('app/config.ini')).toBe('debug=true');
    expect(await workspace.exists('app/old.log')).toBe(false);
    expect(run.changes).toEqual([
      { path: 'app/config.ini', change: 'modified' },
      { path: 'app/old.log', change: 'deleted' },
    ]);
  });

  it('turns an exception into a traceback on stderr and exit code 1', async () => {
    const run = await runner.run('print("before")\ndef fail():\n    return 1 / 0\nfail()', options());
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('before\n');
    expect(run.stderr).toContain('Traceback (most recent call last)');
    expect(run.stderr).toContain('File "<script>", line 4');
    expect(run.stderr).toContain('return 1 / 0');
    expect(run.stderr).toContain('ZeroDivisionError: division by zero');
    expect(run.stderr).not.toContain('__playground_run');
  });

  it('reports syntax errors and sys.exit codes', async () => {
    const syntax = await runner.run('def broken(:\n    pass', options());
    expect(syntax.exitCode).toBe(1);
    expect(syntax.stderr).toContain('SyntaxError');
    expect((await runner.run('import sys\nsys.exit(3)', options())).exitCode).toBe(3);
    expect((await runner.run('import sys\nsys.exit()', options())).exitCode).toBe(0);
  });

  it('stops a runaway loop at the time limit', async () => {
    const run = await runner.run('print("start", flush=True)\nwhile True:\n    pass', options({ timeoutMs: 300 }));
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBe(124);
    expect(run.stdout).toBe('start\n');
    expect(run.stderr).toContain('Timed out after 0.3s');
    // The interpreter is still usable afterwards.
    expect((await runner.run('print("after")', options())).stdout).toBe('after\n');
  });

  it('answers input() with end of file and refuses to start when cancelled', async () => {
    const input = await runner.run('input()', options());
    expect(input.stderr).toContain('EOFError');
    const controller = new AbortController();
    controller.abort();
    const cancelled = await runner.run('open("never.txt", "w").write("x")', options({ signal: controller.signal }));
    expect(cancelled.exitCode).toBe(130);
    expect(await workspace.exists('never.txt')).toBe(false);
  });

  it('does not expose .git to the script', async () => {
    await workspace.writeText('.git/HEAD', 'ref: refs/heads/main\n');
    const run = await runner.run('import os\nprint(os.path.exists(".git"))', options());
    expect(run.stdout).toBe('False\n');
    expect(await workspace.readText('.git/HEAD')).toBe('ref: refs/heads/main\n');
  });
});
