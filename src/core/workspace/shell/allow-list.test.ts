import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../workspace';
import { WORKSPACE_ROOT } from '../types';

const ALLOWED = ['echo', 'cat', 'awk', 'xargs', 'find', 'ls', 'git', 'node', 'npm'];

async function run(command: string, allowedPrograms: readonly string[] | null = ALLOWED) {
  const workspace = await createWorkspace();
  await workspace.writeText('README.md', 'keep me');
  await workspace.writeText('s.sh', 'rm README.md\n');
  const result = await workspace.runShell(command, {
    cwd: WORKSPACE_ROOT,
    timeoutMs: 10_000,
    ...(allowedPrograms ? { allowedPrograms } : {}),
  });
  return { result, kept: await workspace.exists('README.md') };
}

describe('an allow-list held where the shell dispatches', () => {
  it.each([
    `awk 'BEGIN{c="rm README.md"; c | getline}'`,
    'echo README.md | xargs rm',
    'echo "$(rm README.md)"',
    'cat <(rm README.md)',
    'eval "rm README.md"',
    'source s.sh',
    '. ./s.sh',
    'sh -c "rm README.md"',
    'bash s.sh',
    'find . -name README.md -exec rm {} \\;',
    'env rm README.md',
    'timeout 5 rm README.md',
    'command rm README.md',
    'exec rm README.md',
    'x=rm; $x README.md',
    '/bin/rm README.md',
    'f() { rm README.md; }; f',
  ])('%s: refused, recorded, README.md kept', async (command) => {
    const { result, kept } = await run(command);
    expect(kept).toBe(true);
    expect(result.refusedPrograms?.length, JSON.stringify(result)).toBeGreaterThan(0);
  });

  it('without an allow-list the same awk pipe runs rm (the bypass the list closes)', async () => {
    const { kept, result } = await run(`awk 'BEGIN{c="rm README.md"; c | getline}'`, null);
    expect(kept).toBe(false);
    expect(result.refusedPrograms).toBeUndefined();
  });

  it('an unknown program stays "not found", an allowed one runs', async () => {
    const { result } = await run('echo hi | cat; nosuchprogram');
    expect(result.stdout).toBe('hi\n');
    expect(result.exitCode).toBe(127);
    expect(result.refusedPrograms).toBeUndefined();
  });
});
