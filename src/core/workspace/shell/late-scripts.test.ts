import { Bash } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROOT, type ShellOptions } from '../types';
import { createWorkspace } from '../workspace';
import { PREPARED_STATUS, PREPARE_FILE, PREPARE_TEXT } from './late-scripts';

/** Long enough for the shell to start and print on a busy machine before its limit. */
const LIMIT_MS = 1500;

/** Files the scripts below source or run. */
const FILES: Record<string, string> = {
  'loop.sh': 'while true; do echo s; done\n',
  'run.sh': '#!/bin/bash\necho "script $# $1"\nwhile true; do echo r; done\n',
  'define.sh': 'spin() { until false; do echo f; done; }\n',
  'nested.sh': "eval 'for ((;;)); do echo n; done'\n",
  'status.sh': 'echo "sourced $? $# $1"\nreturn 3\necho never\n',
  'plain.sh': '#!/bin/sh\necho "plain $1"; exit 5\n',
  'lib.sh': 'declare -A seen=([a]=1)\ncount=0\nfor i in 1 2 3; do count=$((count+i)); done\n',
};

async function workspaceWithFiles() {
  const workspace = await createWorkspace();
  for (const [name, text] of Object.entries(FILES)) await workspace.fs.writeFile(`${WORKSPACE_ROOT}/${name}`, text);
  await workspace.runShell('chmod +x run.sh plain.sh', { cwd: WORKSPACE_ROOT, timeoutMs: 10_000 });
  return workspace;
}

async function run(command: string, options: Partial<ShellOptions> = {}) {
  const workspace = await workspaceWithFiles();
  return workspace.runShell(command, { cwd: WORKSPACE_ROOT, timeoutMs: LIMIT_MS, ...options });
}

describe('a loop reached at run time, printing until the time limit', () => {
  it.each([
    ['eval', `eval 'while true; do echo x; done'`, 'x'],
    ['eval of a variable', `code='while :; do echo x; done'; eval "$code"`, 'x'],
    ['bash -c', `bash -c 'while true; do echo x; done'`, 'x'],
    ['sh -c', `sh -c 'until false; do echo x; done'`, 'x'],
    ['source', 'source loop.sh', 's'],
    ['.', '. ./loop.sh', 's'],
    ['bash FILE', 'bash loop.sh', 's'],
    ['a script run by its path', './run.sh one', 'r'],
    ['a function a sourced file defined', 'source define.sh; spin', 'f'],
    ['eval in eval', `eval "eval 'while true; do echo x; done'"`, 'x'],
    ['eval in a sourced file', 'source nested.sh', 'n'],
    ['source in eval in bash -c', `bash -c "eval 'source loop.sh'"`, 's'],
    ['eval in a loop', `for i in 1 2; do eval 'while true; do echo x; done'; done`, 'x'],
    ['builtin eval', `builtin eval 'while true; do echo x; done'`, 'x'],
    ['command eval', `command eval 'while true; do echo x; done'`, 'x'],
    ['command -p eval', `command -p eval 'while true; do echo x; done'`, 'x'],
    ['builtin source', 'builtin source loop.sh', 's'],
    ['command source', 'command source loop.sh', 's'],
    ['builtin .', 'builtin . ./loop.sh', 's'],
    ['command -- .', 'command -- . ./loop.sh', 's'],
  ])('keeps what it printed: %s', async (_, command, line) => {
    const result = await run(`echo begun; ${command}`);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(new RegExp(`^begun\\n(script 1 one\\n)?${line}\\n${line}\\n(${line}\\n)*$`));
    expect(result.stderr).toBe('bash: stopped at the time limit (1.5 s)\n');
  });
});

/** Scripts whose output and status the workspace shell gives as just-bash alone does. */
const ORDINARY = [
  `false; eval 'echo "status $?"'`,
  `eval 'x=3; y=(a b)'; echo "$x \${y[1]}"`,
  `f() { eval 'return 4'; echo never; }; f; echo $?`,
  `eval ''; echo $?; false; eval '# only a comment'; echo $?`,
  `eval -- 'echo dashes'; eval echo split words; eval 'exit 7'`,
  `eval 'if'; echo "after $?"`,
  `eval 'cat <<EOF\n  indented $((1+2))\nEOF'`,
  `for i in 1 2 3; do eval 'if [ $i = 2 ]; then continue; fi; echo $i'; done`,
  `for i in 1 2 3; do eval 'for j in a b; do echo $i$j; [ $j = a ] && break; done'; done`,
  `false; source status.sh one two; echo "after $? $#"`,
  `. ./lib.sh; echo "$count \${seen[a]}"; source lib.sh; echo $count`,
  `source missing.sh; echo "missing $?"`,
  `./plain.sh arg; echo "exit $?"; bash plain.sh b; echo "exit $?"`,
  `source status.sh | cat; echo "piped \${PIPESTATUS[0]}"`,
  `eval 'echo to-file' > out.txt; cat out.txt; eval 'cat' <<< 'from stdin'`,
  `set -- p q; source status.sh; eval 'echo "$@"'`,
  `false; builtin eval 'echo "status $?"'; command eval 'echo command'; command -v eval; builtin -- eval echo dashes`,
  `false; builtin source status.sh one; echo "after $?"; command . ./lib.sh; echo $count; builtin source missing.sh`,
];

describe('eval, source and scripts that end in time', () => {
  it.each(ORDINARY)('give what just-bash alone gives: %s', async (script) => {
    const workspace = await workspaceWithFiles();
    const ours = await workspace.runShell(script, { cwd: WORKSPACE_ROOT, timeoutMs: 10_000 });
    const files = Object.fromEntries(Object.entries(FILES).map(([name, text]) => [`${WORKSPACE_ROOT}/${name}`, text]));
    const plain = new Bash({ files, cwd: WORKSPACE_ROOT });
    await plain.exec('chmod +x run.sh plain.sh');
    const theirs = await plain.exec(`{ ${script}\n}`);
    expect(ours).toMatchObject({ stdout: theirs.stdout, stderr: theirs.stderr, exitCode: theirs.exitCode });
    expect(ours.timedOut).toBe(false);
    for (const name of [PREPARE_TEXT, PREPARE_FILE, PREPARED_STATUS])
      expect(ours.stdout + ours.stderr).not.toContain(name);
  });

  it('leaves every file as it was for every other read', async () => {
    const result = await run('source status.sh; cat status.sh; ./plain.sh x; cat plain.sh', { timeoutMs: 10_000 });
    expect(result.stdout).toBe(`sourced 0 0 \n${FILES['status.sh']}plain x\n${FILES['plain.sh']}`);
  });
});
