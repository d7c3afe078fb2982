import { beforeAll, describe, expect, it } from 'vitest';
import { createPyodideRunner } from '../../runtime/python';
import { createSampleWorkspace } from '../sample';
import type { WorkspaceImpl } from '../workspace';
import type { ShellRuntimes } from '../types';

let workspace: WorkspaceImpl;
let runtimes: ShellRuntimes;

beforeAll(async () => {
  workspace = await createSampleWorkspace();
  const python = createPyodideRunner({ workspace: () => workspace });
  await python.load();
  runtimes = { python };
}, 120_000);

const run = (command: string, env: Record<string, string> = {}) =>
  workspace.runShell(command, { cwd: '/workspace', timeoutMs: 30_000, env, runtimes });

describe('python and python3 in the shell (Pyodide)', () => {
  it('runs files with arguments, -c, stdin and pipes, with the sample scripts', async () => {
    const seeded = await run('python3 scripts/seed_data.py');
    expect(seeded).toMatchObject({ stdout: 'wrote 4 tasks to data/tasks.json\n', exitCode: 0 });
    expect(await workspace.exists('data/tasks.json')).toBe(true);

    const report = await run('python3 scripts/report.py --week 12 | head -2');
    expect(report.stderr).toBe('');
    expect(report.stdout).toBe('Week 12: 2 tasks\n  open: 2\n');
    const failing = await run('python3 scripts/report.py --week 12 --input missing.json');
    expect(failing).toMatchObject({
      stdout: '',
      stderr: 'error: missing.json not found; export tasks first\n',
      exitCode: 1,
    });
    const traceback = await run('python3 scripts/report.py --week twelve');
    expect(traceback.exitCode).toBe(2);
    expect(traceback.stderr).toContain("argument --week: invalid int value: 'twelve'");
    expect((await run('PYTHONPATH=scripts python3 -c "import utils; print(utils.__file__)"')).stdout).toBe(
      '/workspace/scripts/utils.py\n',
    );

    const inline = await run('python -c "import sys, os; print(sys.argv[1:], os.environ[\'MODE\'])" a b', {
      MODE: 'ci',
    });
    expect(inline.stdout).toBe("['a', 'b'] ci\n");
    const piped = await run(
      'printf "3\\n1\\n2\\n" | python3 -c "import sys; print(sorted(int(x) for x in sys.stdin))"',
    );
    expect(piped.stdout).toBe('[1, 2, 3]\n');
    expect((await run('echo "print(6 * 7)" | python3')).stdout).toBe('42\n');
    expect((await run('python3 --version')).stdout).toMatch(/^Python 3\.\d+\.\d+\n$/);
    const missing = await run('python3 nowhere.py');
    expect(missing).toMatchObject({ exitCode: 2 });
    expect(missing.stderr).toContain("can't open file '/workspace/nowhere.py'");
  }, 120_000);

  it('says so when the host gave the shell no Python', async () => {
    const result = await workspace.runShell('python3 -c "print(1)"', { cwd: '/workspace', timeoutMs: 5000 });
    expect(result.exitCode).toBe(127);
    expect(result.stderr).toContain('python3: not available in this workspace');
  });
});
