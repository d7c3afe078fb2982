import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROOT, type ShellOptions } from '../types';
import { createWorkspace } from '../workspace';
import { parse } from 'just-bash';
import { CHECK_STATEMENTS, TIME_LIMIT_CHECK } from './time-limit';

/** Long enough for the shell to start and print on a busy machine before its limit. */
const LIMIT_MS = 1500;

async function run(command: string, options: Partial<ShellOptions> = {}) {
  const workspace = await createWorkspace();
  return workspace.runShell(command, { cwd: WORKSPACE_ROOT, timeoutMs: LIMIT_MS, ...options });
}

/** A TimeoutError abort, as the execution service sends at a call's time limit (the shell's limit too). */
function callLimit(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('limit', 'TimeoutError')), ms);
  return controller.signal;
}

describe("a loop printing until the shell's time limit", () => {
  it.each([
    ['while', 'while true; do echo y; done'],
    ['until', 'until false; do echo y; done'],
    ['for (( ))', 'for ((;;)); do echo y; done'],
    ['a loop in a function', 'f() { while :; do echo y; done; }; f'],
    ['nested loops', 'for i in 1 2; do while true; do echo y; done; done'],
  ])('keeps what it printed up to the limit: %s', async (_, command) => {
    const result = await run(`echo begun; ${command}`);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(/^begun\ny\ny\n(y\n)*$/);
    expect(result.stderr).toBe('bash: stopped at the time limit (1.5 s)\n');
  });

  it("keeps it when the call's own time limit fires too", async () => {
    const result = await run('while sleep 0.01; do echo y; done', { signal: callLimit(LIMIT_MS) });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(/^y\ny\n(y\n)*$/);
  });

  it('keeps it with a program allow-list too', async () => {
    const result = await run('while true; do echo y; done', { allowedPrograms: ['echo'] });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(/^y\n(y\n)*$/);
    expect(result.refusedPrograms).toBeUndefined();
  });

  it('leaves a loop that ends in time as it was', async () => {
    const result = await run(
      'for i in 1 2 3; do echo $i; done; i=0; while [ $i -lt 2 ]; do i=$((i+1)); done; echo $i',
      {
        timeoutMs: 10_000,
      },
    );
    expect(result).toEqual({ stdout: '1\n2\n3\n2\n', stderr: '', exitCode: 0, timedOut: false });
    expect(result.stdout + result.stderr).not.toContain(TIME_LIMIT_CHECK);
  });

  it('leaves $? at the start of a loop body and the status of a loop as bash gives them', async () => {
    const result = await run(
      'until false; do echo "until $?"; break; done; false; for i in 1; do echo "for $?"; done; for i in 1; do false; done; echo "loop $?"',
      { timeoutMs: 10_000 },
    );
    expect(result.stdout).toBe('until 1\nfor 1\nloop 1\n');
  });

  it('keeps the output of a node program flooding to the limit', async () => {
    // Long enough for the engine to start on a busy machine, so the program has printed by its deadline.
    for (const options of [{ timeoutMs: 3000 }, { timeoutMs: 3000, signal: callLimit(3000) }]) {
      const result = await run(`node -e 'for (;;) console.log("y")'`, options);
      expect(result).toMatchObject({ exitCode: 124, timedOut: true });
      expect(result.stdout).toMatch(/^y\ny\n(y\n)*$/);
      expect(result.stderr).toContain("interrupted at the execution deadline (the command's time limit)");
    }
  });
});

describe("the check's statements", () => {
  it("are what just-bash's parser gives for them (the browser's build has no parser to ask)", () => {
    const source = CHECK_STATEMENTS.map((statement) => statement.sourceText).join('\n');
    expect(source).toBe(`${TIME_LIMIT_CHECK} "$?" || exit 124\n__shell_time_limit_status`);
    expect(JSON.parse(JSON.stringify(CHECK_STATEMENTS))).toEqual(JSON.parse(JSON.stringify(parse(source).statements)));
  });
});
