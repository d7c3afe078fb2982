import { describe, expect, it } from 'vitest';
import { Bash, parse } from 'just-bash';
import { WORKSPACE_ROOT } from '../types';
import { createWorkspace } from '../workspace';
import { mayLeaveAnotherShell, scanDefinitions } from './inner-shells';
import { CHECK_ROOT, createLoopTimeLimit } from './time-limit';

/** The first command of `script`, as just-bash's parser gives it. */
const firstCommand = (script: string): unknown =>
  (parse(script).statements[0] as unknown as { pipelines: { commands: unknown[] }[] }).pipelines[0]!.commands[0];

describe('commands that may end another shell', () => {
  it.each([
    ['[ $i -lt 3 ]', false],
    ['test -e x', false],
    ['echo $i', false],
    ['i=$((i + 1))', false],
    ['[ "$(cat f)" = x ]', true],
    ['bash -c "exit 1"', true],
    ['./run.sh', true],
    ['b* -c "exit 1"', true],
    ['$program', true],
    ['( exit 1 )', true],
    ['[[ $(echo x) == x ]]', true],
  ])('%s: %s', (script, expected) => {
    expect(mayLeaveAnotherShell(firstCommand(script))).toBe(expected);
  });
});

describe('a command named by an alias', () => {
  it('may end another shell when the run defines that alias, and only then', () => {
    expect(mayLeaveAnotherShell(firstCommand('r x'))).toBe(false);
    expect(mayLeaveAnotherShell(firstCommand('r x'), new Set(['r']))).toBe(true);
    expect(mayLeaveAnotherShell(firstCommand('ls x'), new Set(['r']))).toBe(false);
  });
});

describe('what a script defines', () => {
  it('gives the functions and the aliases written out, and no text read later where none may come', () => {
    const functions = new Set<string>();
    const aliases = new Set<string>();
    const late = scanDefinitions(
      parse('f() { :; }; echo a | cat; ./run.sh; bash x.sh; sh -c "eval x"; command -v node; builtin cd /'),
      functions,
      aliases,
    );
    expect({ late, functions: [...functions], aliases: [...aliases] }).toEqual({
      late: false,
      functions: ['f'],
      aliases: [],
    });
  });

  it.each([
    'eval x',
    'source x',
    '. x',
    'builtin eval x',
    'command . x',
    'command -p "$x"',
    '$run x',
    'f() { eval "$1"; }',
  ])('may bring functions from text read later: %s', (script) =>
    expect(scanDefinitions(parse(script), new Set(), new Set())).toBe(true),
  );

  it('gives the names of the aliases `alias` defines where they are written out', () => {
    const aliases = new Set<string>();
    expect(scanDefinitions(parse(`alias -- r='bash -c' ll=ls "q=x" $n=y; alias r`), new Set(), aliases)).toBe(true);
    expect([...aliases].sort()).toEqual(['ll', 'r']);
  });
});

describe('a `while [ … ]` loop', () => {
  it('gets one time-limit check an iteration, at the start of its body', () => {
    const bash = new Bash();
    const limit = createLoopTimeLimit(Date.now() + 60_000, () => () => ({ script: '', statements: 0 }));
    bash.registerTransformPlugin(limit.plugin);
    const script = bash.transform('while [ $i -lt 3 ]; do i=$((i + 1)); done').script;
    expect(script.split(`"${CHECK_ROOT}/$?"`).length - 1).toBe(1);
    expect(script).toMatch(/do\s+test -e "[^"]*\/\$\?"/);
  });

  it('still stops at the time limit with what it printed', async () => {
    const workspace = await createWorkspace();
    const result = await workspace.runShell('echo begun; while [ 1 -lt 2 ]; do echo y; done', {
      cwd: WORKSPACE_ROOT,
      timeoutMs: 1500,
    });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.stdout).toMatch(/^begun\ny\n(y\n)*$/);
  });
});
