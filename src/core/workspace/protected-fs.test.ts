import { describe, expect, it } from 'vitest';
import { createWorkspace } from './workspace';
import { WORKSPACE_ROOT } from './types';

async function shell(command: string) {
  const workspace = await createWorkspace();
  await workspace.writeText('.git/HEAD', 'ref: refs/heads/main\n');
  await workspace.writeText('src/a.txt', 'a');
  await workspace.writeText('vault/.env', 'TOKEN=1');
  const result = await workspace.runShell(command, { cwd: WORKSPACE_ROOT, timeoutMs: 10_000 });
  return { workspace, result };
}

describe('protected paths in the workspace file system, for every writer but git', () => {
  it.each([
    ['echo hacked > .git/HEAD', 'write'],
    ['echo hacked >> .git/HEAD', 'append'],
    ['rm .git/HEAD', 'rm'],
    ['rm -rf .git', 'rm'],
    ['mv .git/HEAD x', 'mv'],
    ['mv src/a.txt .git/a', 'mv'],
    ['cp src/a.txt .git/HEAD', 'cp'],
    ['mkdir .git/x', 'mkdir'],
    ['chmod 600 .git/HEAD', 'chmod'],
    ['ln -s .git g && echo x > g/HEAD', 'write'],
    ['rm -rf vault', 'rm'],
    ['echo X=1 > .env.local', 'write'],
  ])('%s is refused (%s)', async (command, operation) => {
    const { workspace, result } = await shell(command);
    expect(result.protectedRefusals?.[0]?.operation, JSON.stringify(result)).toBe(operation);
    expect(await workspace.readText('.git/HEAD')).toBe('ref: refs/heads/main\n');
    expect(await workspace.exists('vault/.env')).toBe(true);
  });

  it('leaves ordinary writes alone', async () => {
    const { workspace, result } = await shell(
      'echo b > src/b.txt && mv src/b.txt src/c.txt && rm src/a.txt && mkdir d',
    );
    expect(result.exitCode).toBe(0);
    expect(result.protectedRefusals).toBeUndefined();
    expect(await workspace.readText('src/c.txt')).toBe('b\n');
  });
});
