import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROOT, type ShellOptions } from '../types';
import { createWorkspace } from '../workspace';
import { Bash, parse } from 'just-bash';
import { CHECK_ROOT, CHECK_STATEMENTS, TIME_LIMIT_CHECK } from './time-limit';

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

describe('a shell inside the shell, stopped at the time limit', () => {
  it.each([
    ['bash -c', `bash -c 'while true; do echo y; done'; echo after > f.txt`, 'y'],
    ['bash -c of a busy loop', `bash -c 'while true; do :; done'; echo after > f.txt`, ''],
    ['sh -c, then ||', `sh -c 'until false; do echo y; done' || echo after > f.txt`, 'y'],
    ['a subshell', `( while :; do echo y; done ); echo after > f.txt`, 'y'],
    ['a command substitution', `x=$(while :; do echo y; done); echo after > f.txt`, ''],
    ['bash -c in a loop', `for i in 1 2; do bash -c 'while :; do echo y; done'; echo after > f.txt; done`, 'y'],
    ['bash -c in a function', `f() { bash -c 'while :; do echo y; done'; }; f; echo after > f.txt`, 'y'],
    ['bash -c in bash -c', `bash -c "bash -c 'while :; do echo y; done'; echo after > g.txt"; echo after > f.txt`, 'y'],
    ['a script run by its path', `./spin.sh; echo after > f.txt`, 'y'],
    ['a loop piped on', `while true; do echo y; done | cat; echo after > f.txt`, 'y'],
    ['a loop piped on, then &&', `for ((;;)); do echo y; done | head -n 2 && echo after > f.txt`, 'y'],
    ['a piped function', `f() { until false; do echo y; done; }; f | cat | cat; echo after > f.txt`, 'y'],
    ['a pipe into a loop', `echo y | while read l; do while :; do echo $l; done; done; echo after > f.txt`, 'y'],
    ['a negated pipe', `! bash -c 'while :; do echo y; done' | cat || echo after > f.txt`, 'y'],
    ['a pipe in eval', `eval 'while :; do echo y; done | cat'; echo after > f.txt`, 'y'],
    ['eval piped on', `eval 'while :; do echo y; done' | cat; echo after > f.txt`, 'y'],
    ['a command eval names', `eval 'cat() { while true; do :; done; }'; echo x | cat; echo after > f.txt`, ''],
    [
      'a command eval names, printing',
      `eval 'cat() { until false; do echo y; done; }'; echo | cat; echo after > f.txt`,
      'y',
    ],
    ['a piped function in eval', `f() { while :; do echo y; done; }; eval 'f | cat'; echo after > f.txt`, 'y'],
    ['a command source names', `source define.sh; echo x | cat | tr x z && echo after > f.txt`, 'y'],
    [
      'a command eval names later',
      `g() { eval 'cat() { while :; do echo y; done; }'; }; eval 'g; echo | cat'; echo after > f.txt`,
      'y',
    ],
  ])('stops the whole run there, keeping what was printed: %s', async (_, command, line) => {
    const workspace = await createWorkspace();
    await workspace.fs.writeFile(`${WORKSPACE_ROOT}/spin.sh`, '#!/bin/sh\nwhile true; do echo y; done\n');
    await workspace.fs.writeFile(`${WORKSPACE_ROOT}/define.sh`, 'cat() { while :; do echo y; done; }\n');
    await workspace.runShell('chmod +x spin.sh', { cwd: WORKSPACE_ROOT, timeoutMs: 10_000 });
    const result = await workspace.runShell(`echo begun; ${command}`, { cwd: WORKSPACE_ROOT, timeoutMs: LIMIT_MS });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(line ? new RegExp(`^begun\\n${line}\\n(${line}\\n)*$`) : /^begun\n$/);
    expect(await workspace.fs.exists(`${WORKSPACE_ROOT}/f.txt`)).toBe(false);
    expect(await workspace.fs.exists(`${WORKSPACE_ROOT}/g.txt`)).toBe(false);
  });
});

/** Loops and inner shells that end in time, with the statuses bash gives at each step. */
const ORDINARY = [
  `until (exit 3); do echo "until $?"; break; done; (exit 5); for i in 1; do echo "for $?"; done`,
  `(exit 2); for ((i=0;i<1;i++)); do echo "cfor $?"; done; false; while true; do echo "while $?"; break; done`,
  `set -e; until (exit 2); do echo "in $?"; break; done; for i in 1 2; do false || true; done; echo "after $?"`,
  `bash -c 'exit 3'; echo "bash $? \${PIPESTATUS[*]}"; bash -c 'exit 0' && echo ok; ! sh -c 'exit 1' && echo negated`,
  `x=$(echo sub; exit 4); echo "$x $?"; (exit 6); echo "subshell $?"; echo "$(echo in) $((1 + $(echo 2)))"`,
  `set -e; bash -c 'exit 3' || echo "handled $?"; (false) || echo "subshell handled"; bash -c 'exit 124'; echo never`,
  `echo a | bash -c cat; echo "\${PIPESTATUS[*]}"; f() { bash -c 'exit 2'; }; f; echo "f $?"`,
  `bash -c 'exit 124'; echo "status $?"; [[ $(echo x) == x ]] && echo same; (( $(echo 1) )); echo "arith $?"`,
  `false | true; echo "$? \${PIPESTATUS[*]}"; true | (exit 3); echo "$? \${PIPESTATUS[*]}"; ! true | false; echo "$?"`,
  `set -o pipefail; (exit 2) | (exit 3) | true; echo "$? \${PIPESTATUS[*]}"; false | true || echo "failed $?"`,
  `set -e; false | true; echo "on \${PIPESTATUS[*]}"; true | false || echo "handled $?"; false && true | true; echo "$?"`,
  `set -eo pipefail; ! false | true; echo negated; (exit 4) | true && echo never; echo "no"`,
  `for i in 1 2 3; do echo $i | cat | tr 1 x; done; echo a | grep -q b; echo "grep $?"`,
  `f() { echo in | cat; return 7; }; f | cat; echo "\${PIPESTATUS[*]}"; echo x | { read v; echo "read $v"; }`,
  `eval 'tr() { command tr a b; }'; echo a | tr x y; echo "$? \${PIPESTATUS[*]}"; false | true; echo "$? \${PIPESTATUS[*]}"`,
  `eval :; set -eo pipefail; (exit 2) | (exit 3) | true || echo "failed $? \${PIPESTATUS[*]}"; ! true | false; echo "$?"`,
];

describe('loops and inner shells that end in time', () => {
  it.each(ORDINARY)('give what just-bash alone gives: %s', async (script) => {
    const ours = await run(script, { timeoutMs: 10_000 });
    const theirs = await new Bash({ cwd: WORKSPACE_ROOT }).exec(`{ ${script}\n}`);
    expect(ours).toMatchObject({ stdout: theirs.stdout, stderr: theirs.stderr, exitCode: theirs.exitCode });
    expect(ours.timedOut).toBe(false);
  });
});

describe('a pipeline followed by the check', () => {
  it('is timed once, as a whole, when `time` stands before it', async () => {
    const result = await run('time echo t | cat; echo "$? ${PIPESTATUS[*]}"', { timeoutMs: 10_000 });
    expect(result.stdout).toBe('t\n0 0 0\n');
    expect(result.stderr.match(/^real\t/gm)).toHaveLength(1);
  });

  it('keeps a program allow-list to the programs it names', async () => {
    const result = await run('echo a | cat; echo "${PIPESTATUS[*]}"', {
      timeoutMs: 10_000,
      allowedPrograms: ['echo', 'cat'],
    });
    expect(result).toMatchObject({ stdout: 'a\n0 0\n', exitCode: 0 });
    expect(result.refusedPrograms).toBeUndefined();
  });
});

describe("the check's statements", () => {
  it("are what just-bash's parser gives for them (the browser's build has no parser to ask)", () => {
    const source = CHECK_STATEMENTS.map((statement) => statement.sourceText).join('\n');
    expect(source).toBe(
      `test -e "${CHECK_ROOT}/$?" || { test -e ${CHECK_ROOT}/go || exit 124; test -e ${CHECK_ROOT}/more && ${TIME_LIMIT_CHECK} && :; }`,
    );
    expect(JSON.parse(JSON.stringify(CHECK_STATEMENTS))).toEqual(JSON.parse(JSON.stringify(parse(source).statements)));
  });
});
