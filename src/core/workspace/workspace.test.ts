import { beforeEach, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { createWorkspace, type WorkspaceImpl } from './workspace';
import { snapshotText } from './snapshot';

async function projectWorkspace(): Promise<WorkspaceImpl> {
  const workspace = await createWorkspace();
  await workspace.writeText('README.md', '# Demo\n');
  await workspace.writeText('src/services/UserService.ts', 'export class UserService {}\n');
  await workspace.writeText(
    'src/index.ts',
    "import { UserService } from './services/UserService';\nnew UserService();\n",
  );
  await workspace.writeText('.github/workflows/ci.yml', 'name: CI\n');
  await workspace.writeText('.git/HEAD', 'ref: refs/heads/main\n');
  await workspace.writeBytes('assets/logo.bin', new Uint8Array([0, 255, 1, 254]));
  await workspace.fs.mkdir('/workspace/empty/inner', { recursive: true });
  return workspace;
}

describe('runShell', () => {
  let workspace: WorkspaceImpl;
  beforeEach(async () => {
    workspace = await projectWorkspace();
  });

  it('pipes: ls | wc -l counts the entries of the working directory', async () => {
    const run = await workspace.runShell('ls | wc -l', { cwd: '/workspace', timeoutMs: 5000 });
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
    expect(run.stdout.trim()).toBe('4'); // README.md, assets, empty, src; dot-entries hidden
  });

  it('cd and grep -rn over the shared file system', async () => {
    const run = await workspace.runShell('cd src && grep -rn UserService .', { cwd: '/workspace', timeoutMs: 5000 });
    expect(run.exitCode).toBe(0);
    // just-bash prints "index.ts:1:…" where GNU grep prints "./index.ts:1:…".
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\.\//, ''))
      .sort();
    expect(lines).toEqual([
      "index.ts:1:import { UserService } from './services/UserService';",
      'index.ts:2:new UserService();',
      'services/UserService.ts:1:export class UserService {}',
    ]);
  });

  it('starts in the given working directory', async () => {
    const run = await workspace.runShell('pwd', { cwd: '/workspace/src/services', timeoutMs: 5000 });
    expect(run.stdout).toBe('/workspace/src/services\n');
  });

  it('passes environment variables and sets HOME to the workspace', async () => {
    const run = await workspace.runShell('echo "$GREETING $NAME" && echo $HOME', {
      cwd: '/workspace',
      timeoutMs: 5000,
      env: { GREETING: 'hello', NAME: 'ada' },
    });
    expect(run.stdout).toBe('hello ada\n/workspace\n');
  });

  it('reports exit codes and stderr', async () => {
    expect((await workspace.runShell('exit 3', { cwd: '/workspace', timeoutMs: 5000 })).exitCode).toBe(3);
    const missing = await workspace.runShell('cat nope.txt', { cwd: '/workspace', timeoutMs: 5000 });
    expect(missing.exitCode).not.toBe(0);
    expect(missing.stderr).toMatch(/nope\.txt/);
    const unknown = await workspace.runShell('definitely-not-a-command', { cwd: '/workspace', timeoutMs: 5000 });
    expect(unknown.exitCode).toBe(127);
  });

  it('writes files that the workspace then sees', async () => {
    await workspace.runShell('mkdir -p out && echo made > out/file.txt', { cwd: '/workspace', timeoutMs: 5000 });
    expect(await workspace.readText('out/file.txt')).toBe('made\n');
  });

  it('stops a busy loop at its time limit with timedOut', async () => {
    const run = await workspace.runShell('echo begun; while true; do :; done', { cwd: '/workspace', timeoutMs: 300 });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBe(124);
    expect(run.stdout).toBe('begun\n');
  });

  it('does not report timedOut for a command that merely exits 124', async () => {
    const run = await workspace.runShell('exit 124', { cwd: '/workspace', timeoutMs: 5000 });
    expect(run).toMatchObject({ exitCode: 124, timedOut: false });
  });

  it('returns promptly when the signal aborts a command that waits', async () => {
    // A busy loop starves the event loop, so only the time limit (above) can stop it; a waiting command yields.
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    // `sleep 30` outlasts the test's time limit: only the abort lets this call return in time.
    const run = await workspace.runShell('sleep 30; echo never', {
      cwd: '/workspace',
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    expect(run.stdout).not.toContain('never');
    expect(run.exitCode).not.toBe(0);
    expect(run.timedOut).toBe(false);
  });

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await workspace.runShell('echo hi > started.txt', {
      cwd: '/workspace',
      timeoutMs: 5000,
      signal: controller.signal,
    });
    expect(run.exitCode).toBe(130);
    expect(await workspace.exists('started.txt')).toBe(false);
  });

  it("at the call's time limit (a TimeoutError abort) reports timedOut with exit 124, not a cancel", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('limit', 'TimeoutError')), 100);
    const run = await workspace.runShell('echo begun > begun.txt; sleep 30', {
      cwd: '/workspace',
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    expect(run).toMatchObject({ exitCode: 124, timedOut: true });
    expect(await workspace.readText('begun.txt')).toBe('begun\n');
  });

  it('keeps the workspace root whatever a command does, and says so', async () => {
    for (const command of [
      'rm -rf /',
      'cd .. && rm -rf workspace',
      'rm -rf /workspace',
      'mv /workspace /moved',
      'cd / && rm -r workspace',
    ]) {
      await workspace.writeText('x.txt', 'x');
      const run = await workspace.runShell(command, { cwd: '/workspace', timeoutMs: 5000 });
      expect(run.stderr, command).toContain('bash: /workspace: the workspace root cannot be removed or moved');
      expect(await workspace.isDirectory('.'), command).toBe(true);
      const after = await workspace.runShell('echo ok > after.txt && cat after.txt', {
        cwd: '/workspace',
        timeoutMs: 5000,
      });
      expect(after.stdout, command).toBe('ok\n');
    }
    // An ordinary run says nothing about it.
    expect((await workspace.runShell('rm -rf src', { cwd: '/workspace', timeoutMs: 5000 })).stderr).toBe('');
  });

  it('writes, appends and removes through a symbolic link land where it points', async () => {
    const run = await workspace.runShell(
      'ln -s src srclink && echo new > srclink/new.ts && echo more >> srclink/index.ts && rm srclink/services/UserService.ts && ls src/services | wc -l',
      { cwd: '/workspace', timeoutMs: 5000 },
    );
    expect(run).toMatchObject({ exitCode: 0, stdout: '0\n' });
    expect(await workspace.readText('src/new.ts')).toBe('new\n');
    expect(await workspace.readText('src/index.ts')).toMatch(/more\n$/);
  });

  it('refuses a working directory outside the workspace or missing, without throwing', async () => {
    const outside = await workspace.runShell('pwd', { cwd: '/etc', timeoutMs: 5000 });
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toMatch(/outside the workspace/);
    const missing = await workspace.runShell('pwd', { cwd: '/workspace/nowhere', timeoutMs: 5000 });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/does not exist/);
  });
});

describe('listFiles', () => {
  it('lists every file, sorted, without .git but with other dot-directories', async () => {
    const workspace = await projectWorkspace();
    await workspace.writeText('vendor/lib/.git/HEAD', 'ref: refs/heads/main\n');
    await workspace.writeText('vendor/lib/a.txt', 'a\n');
    expect(await workspace.listFiles()).toEqual([
      '.github/workflows/ci.yml',
      'README.md',
      'assets/logo.bin',
      'src/index.ts',
      'src/services/UserService.ts',
      'vendor/lib/a.txt',
    ]);
  });
});

describe('snapshot and restore', () => {
  it('round-trips files (text and binary, .git included) and empty directories', async () => {
    const workspace = await projectWorkspace();
    const snapshot = await workspace.snapshot();
    expect(snapshot.version).toBe(1);
    expect(Object.keys(snapshot.files).sort()).toEqual([
      '.git/HEAD',
      '.github/workflows/ci.yml',
      'README.md',
      'assets/logo.bin',
      'src/index.ts',
      'src/services/UserService.ts',
    ]);
    expect(snapshot.directories).toEqual(['empty/inner']);
    expect(snapshotText(snapshot, 'README.md')).toBe('# Demo\n');

    const restored = await createWorkspace(snapshot);
    expect(await restored.snapshot()).toEqual(snapshot);
    expect([...(await restored.readBytes('assets/logo.bin'))]).toEqual([0, 255, 1, 254]);
    expect(await restored.isDirectory('empty/inner')).toBe(true);
  });

  it('restoring replaces what was there', async () => {
    const workspace = await projectWorkspace();
    const snapshot = await workspace.snapshot();
    await workspace.writeText('later.txt', 'added after the snapshot\n');
    await workspace.writeText('README.md', 'changed\n');
    await workspace.restore(snapshot);
    expect(await workspace.exists('later.txt')).toBe(false);
    expect(await workspace.readText('README.md')).toBe('# Demo\n');
  });

  it('snapshots are copies: later writes do not change them', async () => {
    const workspace = await projectWorkspace();
    const snapshot = await workspace.snapshot();
    await workspace.writeText('README.md', 'changed\n');
    expect(snapshotText(snapshot, 'README.md')).toBe('# Demo\n');
  });

  it('ignores snapshot entries that would land outside the workspace', async () => {
    const workspace = await createWorkspace({
      version: 1,
      files: { '../escape.txt': strToU8('x'), 'ok.txt': strToU8('ok') },
      directories: ['/etc/evil'],
    });
    expect(await workspace.listFiles()).toEqual(['ok.txt']);
    expect(await workspace.fs.exists('/escape.txt')).toBe(false);
    expect(await workspace.fs.exists('/etc/evil')).toBe(false);
  });
});

describe('zip', () => {
  it('round-trips through toZip and fromZip', async () => {
    const workspace = await projectWorkspace();
    const zip = await workspace.toZip();
    const other = await createWorkspace();
    await other.writeText('stale.txt', 'should disappear');
    expect(await other.fromZip(zip)).toEqual({ ok: true, files: 6 });
    expect(await other.snapshot()).toEqual(await workspace.snapshot());
  });

  it('can leave .git out', async () => {
    const workspace = await projectWorkspace();
    const other = await createWorkspace();
    await other.fromZip(await workspace.toZip({ includeGit: false }));
    expect(await other.exists('.git/HEAD')).toBe(false);
    expect(await other.exists('README.md')).toBe(true);
  });

  it('refuses a damaged archive, and a zip-slip entry refuses the whole archive with the workspace untouched', async () => {
    const workspace = await createWorkspace();
    await workspace.writeText('kept.txt', 'kept');
    const damaged = await workspace.fromZip(new Uint8Array([1, 2, 3, 4]));
    expect(damaged.ok).toBe(false);
    const sneaky = zipSync({ '../../evil.txt': strToU8('x'), 'fine.txt': strToU8('fine') });
    const refused = await workspace.fromZip(sneaky);
    expect(refused).toEqual({
      ok: false,
      message: "entry '../../evil.txt' is refused: path is outside the workspace; nothing was imported",
    });
    expect(await workspace.listFiles()).toEqual(['kept.txt']);
  });
});

describe('symbolic links survive a snapshot (reload) and the zip', () => {
  async function withLinks(): Promise<WorkspaceImpl> {
    const workspace = await createWorkspace();
    await workspace.writeText('src/app.ts', 'export {};\n');
    await workspace.fs.symlink('src/app.ts', '/workspace/latest.ts');
    await workspace.fs.mkdir('/workspace/docs', { recursive: true });
    await workspace.fs.symlink('../src', '/workspace/docs/source');
    return workspace;
  }

  it('a snapshot keeps the links and restoring it recreates them, not copies', async () => {
    const snapshot = await (await withLinks()).snapshot();
    expect(snapshot.symlinks).toEqual({ 'latest.ts': 'src/app.ts', 'docs/source': '../src' });
    const restored = await createWorkspace(snapshot);
    expect(await restored.fs.readlink('/workspace/latest.ts')).toBe('src/app.ts');
    expect(await restored.fs.readlink('/workspace/docs/source')).toBe('../src');
    expect(await restored.readText('latest.ts')).toBe('export {};\n');
    expect((await restored.fs.lstat('/workspace/latest.ts')).isSymbolicLink).toBe(true);
  });

  it('the zip stores links as links (Unix mode 0120000) and importing it recreates them', async () => {
    const zip = await (await withLinks()).toZip();
    const imported = await createWorkspace();
    expect(await imported.fromZip(zip)).toMatchObject({ ok: true });
    expect(await imported.fs.readlink('/workspace/latest.ts')).toBe('src/app.ts');
    expect(await imported.fs.readlink('/workspace/docs/source')).toBe('../src');
    expect(await imported.readText('docs/source/app.ts')).toBe('export {};\n');
  });

  it('a link pointing outside the workspace is kept as a link, and tools still refuse to follow it', async () => {
    const workspace = await createWorkspace();
    await workspace.fs.symlink('/etc/passwd', '/workspace/passwd');
    const restored = await createWorkspace(await workspace.snapshot());
    expect(await restored.fs.readlink('/workspace/passwd')).toBe('/etc/passwd');
    const resolved = await restored.resolvePath('passwd', { parameter: 'path' });
    expect(resolved).toMatchObject({ ok: false, error: { code: 'path_outside_workspace' } });
  });
});

describe('convenience helpers', () => {
  it('stat, exists, isDirectory, isFile and remove', async () => {
    const workspace = await projectWorkspace();
    expect(await workspace.stat('README.md')).toMatchObject({ type: 'file', size: 7 });
    expect(await workspace.stat('missing')).toBeNull();
    expect(await workspace.isDirectory('src')).toBe(true);
    expect(await workspace.isFile('src')).toBe(false);
    await workspace.remove('src');
    expect(await workspace.exists('src/index.ts')).toBe(false);
  });
});
