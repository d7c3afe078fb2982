import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './paths';
import { createProtectedFs } from './protected-fs';
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

describe('the protected view itself', () => {
  async function view() {
    const workspace = await createWorkspace();
    await workspace.writeText('.git/HEAD', 'ref: refs/heads/main\n');
    await workspace.writeText('src/a.txt', 'a');
    return { workspace, guarded: createProtectedFs(workspace.fs) };
  }

  it("has every method of the file system, each working when read off the view (as the shell's commands use them)", async () => {
    const { workspace, guarded } = await view();
    const { exists, readFile, writeFile, getAllPaths } = guarded.fs;
    expect(await exists(`${WORKSPACE_ROOT}/src/a.txt`)).toBe(true);
    expect(await readFile(`${WORKSPACE_ROOT}/src/a.txt`)).toBe('a');
    await writeFile(`${WORKSPACE_ROOT}/src/b.txt`, 'b');
    expect(await workspace.readText('src/b.txt')).toBe('b');
    expect(getAllPaths()).toContain(`${WORKSPACE_ROOT}/src/b.txt`);
    // Methods the interface does not name, such as the synchronous ones node's `fs` module writes through.
    (guarded.fs as unknown as { mkdirSync(path: string): void }).mkdirSync(`${WORKSPACE_ROOT}/made`);
    expect(await workspace.fs.exists(`${WORKSPACE_ROOT}/made`)).toBe(true);
  });

  it('refuses a protected path by a rejection, or by a throw for a synchronous method, and notes the refusal', async () => {
    const { workspace, guarded } = await view();
    await expect(guarded.fs.writeFile(`${WORKSPACE_ROOT}/.git/HEAD`, 'x')).rejects.toThrow(/^EPERM: .*, write '/);
    const writeFileSync = (guarded.fs as unknown as { writeFileSync(path: string, content: string): void })
      .writeFileSync;
    expect(() => writeFileSync(`${WORKSPACE_ROOT}/.git/HEAD`, 'x')).toThrow(/^EPERM: .*, write '/);
    expect(guarded.refusals.map((refusal) => [refusal.path, refusal.operation])).toEqual([
      ['.git/HEAD', 'write'],
      ['.git/HEAD', 'write'],
    ]);
    expect(await workspace.readText('.git/HEAD')).toBe('ref: refs/heads/main\n');
  });

  it('refuses a write or an append past the per-file limit before making it', async () => {
    const { workspace, guarded } = await view();
    const path = `${WORKSPACE_ROOT}/src/a.txt`;
    await expect(guarded.fs.writeFile(path, new Uint8Array(MAX_FILE_BYTES + 1))).rejects.toThrow(/^EFBIG: /);
    await expect(guarded.fs.appendFile(path, new Uint8Array(MAX_FILE_BYTES))).rejects.toThrow(/^EFBIG: .*, append '/);
    expect(await workspace.readText('src/a.txt')).toBe('a');
  });
});
