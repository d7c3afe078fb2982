import { Bash } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROOT, type ShellOptions } from '../types';
import { createWorkspace } from '../workspace';
import { preparedAlias } from './aliases';
import { CHECK_ROOT, createLoopTimeLimit } from './time-limit';

/** Long enough for the shell to start and print on a busy machine before its limit. */
const LIMIT_MS = 1500;
const ALIASES = 'shopt -s expand_aliases';

async function run(command: string, options: Partial<ShellOptions> = {}) {
  const workspace = await createWorkspace();
  const result = await workspace.runShell(command, { cwd: WORKSPACE_ROOT, timeoutMs: LIMIT_MS, ...options });
  return { ...result, after: await workspace.fs.exists(`${WORKSPACE_ROOT}/f.txt`) };
}

/** The shell's own transform, with the time limit's plugin, as the workspace shell has it. */
function shellTransform() {
  const limit = createLoopTimeLimit(Date.now() + 60_000, () => transform);
  const bash = new Bash();
  bash.registerTransformPlugin(limit.plugin);
  const transform = (text: string) => {
    const result = bash.transform(text);
    return { script: result.script, statements: result.ast.statements.length };
  };
  return transform;
}

describe("an alias's text as the shell stores it", () => {
  it.each(['ls -l', 'echo a.b', 'eval', 'cd ..', 'grep -n x'])(
    'is the text given when no check goes in: %s',
    (text) => {
      expect(preparedAlias(text, shellTransform())).toBe(text);
    },
  );

  it.each(['bash -c "while :; do :; done"', './spin.sh', 'while :; do', 'for ((;;)); do :; done # note'])(
    "is the text given when the call's words would not join the checked text as they join it: %s",
    (text) => expect(preparedAlias(text, shellTransform())).toBe(text),
  );

  it.each([
    ['a loop', 'while true; do echo y; done', /done\n$/],
    ['a loop and a command that takes the words', 'until false; do :; done; echo', /\necho$/],
    ['a loop, then `;`', 'for ((;;)); do :; done;', /done\n$/],
    ['a loop, then a space', 'while :; do :; done ', /done\n$/],
    ['a command that takes the words, then a space', 'while :; do :; done; echo ', /\necho $/],
  ])('holds the check when it holds %s', (_, text, end) => {
    const stored = preparedAlias(text, shellTransform());
    expect(stored).toContain(`"${CHECK_ROOT}/$?"`);
    expect(stored).toMatch(end);
  });
});

describe('a loop reached through an alias, printing until the time limit', () => {
  it.each([
    ['the alias of a loop', `alias forever='while true; do echo y; done'; forever; echo after > f.txt`],
    ['a busy loop', `alias spin='while :; do :; echo y; done'; spin; echo after > f.txt`],
    ['the words after it', `alias spin='until false; do echo y; done; echo'; spin never; echo after > f.txt`],
    ['a loop then `;`', `alias l='for ((;;)); do echo y; done;'; l echo never; echo after > f.txt`],
    ['in a function', `alias forever='while :; do echo y; done'; f() { forever; }; f; echo after > f.txt`],
    ['piped on', `alias forever='while :; do echo y; done'; forever | cat; echo after > f.txt`],
    ['named after a command, in a pipe', `alias cat='while :; do echo y; done'; echo x | cat; echo after > f.txt`],
    ['defined by eval', `eval "alias forever='while :; do echo y; done'"; forever; echo after > f.txt`],
    ['of bash -c', `alias r='bash -c "while :; do echo y; done"'; r; echo after > f.txt`],
    ['of bash -c, then ||', `alias r='bash -c "while :; do echo y; done"'; r || echo after > f.txt`],
  ])('stops the whole run at the limit, keeping what it printed: %s', async (_, command) => {
    const result = await run(`${ALIASES}; echo begun; ${command}`);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true, after: false });
    expect(result.stdout).toMatch(/^begun\ny\ny\n(y\n)*$/);
    expect(result.stderr).toBe('bash: stopped at the time limit (1.5 s)\n');
  });

  it('keeps it with a program allow-list that has alias', async () => {
    const result = await run(`${ALIASES}; alias forever='while :; do echo y; done'; forever`, {
      allowedPrograms: ['alias', 'echo'],
    });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(/^y\ny\n(y\n)*$/);
  });

  it('is refused by a program allow-list without alias', async () => {
    const result = await run(`alias x=y; echo "status $?"`, { allowedPrograms: ['echo'], timeoutMs: 10_000 });
    expect(result).toMatchObject({ stdout: 'status 126\n', refusedPrograms: ['alias'] });
  });
});

/** Scripts with aliases whose output and status the workspace shell gives as just-bash alone does. */
const ORDINARY = [
  `alias a=1 b='x y' c="q"; alias; alias b; alias zz; echo "$?"`,
  `alias forever='while true; do echo y; done' ll='ls -l'; alias; alias -- forever; alias --help`,
  `alias l='for i in 1 2; do echo "$i $?"; done'; false; l; echo "status $?"`,
  `alias l='for i in 1 2; do echo $i; done; echo'; l end "a  b"; l; alias l`,
  `alias l='until true; do :; done;'; l echo then; (exit 3); l; echo "$?"`,
  `alias n='echo ' w='while false; do :; done; echo world'; n w; n x`,
  `alias e=eval; e 'echo "in eval $?"'; alias s='for f in a b; do [ $f = b ] && exit 4; done'; s`,
  `alias p='for i in 3 1 2; do echo $i; done'; p | sort; echo "\${PIPESTATUS[*]}"; unalias p; p`,
  `set -e; alias f='for i in 1; do false; done'; f; echo never`,
];

describe('aliases that end in time', () => {
  it.each(ORDINARY)('give what just-bash alone gives: %s', async (script) => {
    const ours = await run(`${ALIASES}; ${script}`, { timeoutMs: 10_000 });
    const theirs = await new Bash({ cwd: WORKSPACE_ROOT }).exec(`{ ${ALIASES}; ${script}\n}`);
    expect(ours).toMatchObject({ stdout: theirs.stdout, stderr: theirs.stderr, exitCode: theirs.exitCode });
    expect(ours.timedOut).toBe(false);
    expect(ours.stdout + ours.stderr).not.toContain('__shell_time_limit');
  });
});
