import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_READ_BYTES, checkReadSize, displayPath, normalizeWorkspacePath, protectedReason } from './paths';
import { createWorkspace, type WorkspaceImpl } from './workspace';

describe('normalizeWorkspacePath', () => {
  it.each([
    ['README.md', 'README.md'],
    ['./src/index.ts', 'src/index.ts'],
    ['src//services///UserService.ts', 'src/services/UserService.ts'],
    ['src/../README.md', 'README.md'],
    ['src\\services\\UserService.ts', 'src/services/UserService.ts'],
    ['/workspace/src/index.ts', 'src/index.ts'],
    ['/workspace', '.'],
    ['/workspace/', '.'],
    ['.', '.'],
    ['a/b/../../c', 'c'],
    ['100%25 done.txt', '100%25 done.txt'],
  ])('accepts %j as %j', (input, expected) => {
    const result = normalizeWorkspacePath(input);
    expect(result).toEqual({
      ok: true,
      relative: expected,
      absolute: expected === '.' ? '/workspace' : `/workspace/${expected}`,
    });
  });

  it('refuses an empty or blank path, as the validator does ("Path cannot be empty")', () => {
    for (const blank of ['', '   ', '\t'])
      expect(normalizeWorkspacePath(blank)).toEqual({ ok: false, reason: 'Path cannot be empty' });
  });

  it.each([
    ['../../etc/passwd'],
    ['../../../etc/passwd'], // the classic traversal
    ['..'],
    ['src/../../outside.txt'],
    ['/etc/passwd'],
    ['/workspaces/other'],
    ['/workspace/../etc/passwd'],
    ['C:\\Windows\\System32'], // a Windows path
    ['c:/windows/win.ini'],
    ['\\\\server\\share\\file'],
    ['..\\..\\Windows\\win.ini'],
    ['%2e%2e/%2e%2e/etc/passwd'],
    ['%2e%2e%2fetc%2fpasswd'],
    ['%252e%252e/etc/passwd'],
    ['src/%2e%2e/%2e%2e/x'],
    ['file.txt\u0000.png'],
    ['file%00.txt'],
    ['~/.ssh/id_rsa'],
    ['line\nbreak'],
  ])('refuses %j', (input) => {
    const result = normalizeWorkspacePath(input);
    expect(result.ok).toBe(false);
  });
});

describe('protectedReason', () => {
  it.each([
    '.git/config',
    '.git',
    'sub/.git/HEAD',
    '.GIT/config',
    '.Git/hooks/pre-commit',
    'sub/.gIt/HEAD',
    '.git./config',
    '.git /config',
    '.env',
    '.env.local',
    '.env.production',
    'certs/server.pem',
    'keys/id_rsa',
    'id_ed25519.pub',
    'tls.key',
  ])('protects %s', (path) => expect(protectedReason(path)).not.toBeNull());
  it.each([
    '.gitignore',
    '.GITIGNORE',
    '.gitattributes',
    'git/config',
    '.github/workflows/ci.yml',
    'src/env.ts',
    '.env.example',
    'environment.md',
    'README.md',
    'keyboard.ts',
  ])('allows %s', (path) => expect(protectedReason(path)).toBeNull());
});

describe('checkReadSize', () => {
  it('allows up to 10 MB and refuses above (an 11 MB file)', () => {
    expect(checkReadSize(MAX_READ_BYTES)).toBeNull();
    const error = checkReadSize(11 * 1024 * 1024, 'path', 'large.txt');
    expect(error?.code).toBe('file_too_large');
    expect(error?.message).toContain("'path'");
    expect(error?.message).toContain('large.txt');
    expect(error?.message).toContain('10 MB');
  });
});

describe('displayPath', () => {
  it('truncates long paths and escapes control characters', () => {
    expect(displayPath('a'.repeat(500)).length).toBe(120);
    expect(displayPath('a\u0000b')).toBe('a\\x00b');
  });

  it('shows what escaping the whole path and cutting it would show, for paths around the limit', () => {
    const whole = (path: string) => {
      // eslint-disable-next-line no-control-regex
      const escaped = path.replace(
        /[\u0000-\u001f\u007f]/g,
        (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`,
      );
      return escaped.length > 120 ? `${escaped.slice(0, 119)}…` : escaped;
    };
    for (const length of [118, 119, 120, 121, 122, 500]) {
      for (const path of [
        'a'.repeat(length),
        `${'a'.repeat(length - 2)}\u0001b`,
        `\u0002${'a'.repeat(length - 1)}`,
        `${'a'.repeat(116)}\u0003${'b'.repeat(Math.max(0, length - 117))}`,
      ]) {
        expect(displayPath(path)).toBe(whole(path));
      }
    }
  });
});

describe('Workspace.resolvePath', () => {
  let workspace: WorkspaceImpl;
  beforeEach(async () => {
    workspace = await createWorkspace();
    await workspace.writeText('src/index.ts', 'export {};\n');
    await workspace.writeText('.env', 'SECRET=fake\n');
    await workspace.writeText('.git/HEAD', 'ref: refs/heads/main\n');
  });

  it('resolves a path inside the workspace', async () => {
    expect(await workspace.resolvePath('src/index.ts', { parameter: 'path', mustExist: true })).toEqual({
      ok: true,
      absolute: '/workspace/src/index.ts',
      relative: 'src/index.ts',
      requested: 'src/index.ts',
    });
  });

  it('refuses traversal naming the parameter and the path', async () => {
    const result = await workspace.resolvePath('../../../etc/passwd', { parameter: 'source' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('path_outside_workspace');
    expect(result.error.message).toContain("'source'");
    expect(result.error.message).toContain('../../../etc/passwd');
    expect(result.error.message).toMatch(/outside the workspace/);
  });

  it('truncates a very long path in the message', async () => {
    const long = `../${'x'.repeat(5000)}`;
    const result = await workspace.resolvePath(long, { parameter: 'path' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(300);
  });

  it('reports a missing path only when it must exist', async () => {
    const missing = await workspace.resolvePath('src/nope.ts', { parameter: 'path', mustExist: true });
    expect(missing.ok || missing.error.code).toBe('path_not_found');
    expect((await workspace.resolvePath('src/nope.ts', { parameter: 'path' })).ok).toBe(true);
  });

  it('protects .git internals and secrets for writes, but allows reading them', async () => {
    for (const path of ['.git/HEAD', '.env', 'deploy/key.pem', 'id_rsa']) {
      const result = await workspace.resolvePath(path, { parameter: 'path', forWrite: true });
      expect(result.ok || result.error.code).toBe('protected_path');
    }
    expect((await workspace.resolvePath('.env', { parameter: 'path', mustExist: true })).ok).toBe(true);
  });

  it('refuses writing the workspace root itself', async () => {
    const result = await workspace.resolvePath('.', { parameter: 'path', forWrite: true });
    expect(result.ok || result.error.code).toBe('protected_path');
  });

  it('refuses a symbolic link that leads outside the workspace', async () => {
    await workspace.fs.mkdir('/outside', { recursive: true });
    await workspace.fs.writeFile('/outside/secret.txt', 'x');
    await workspace.fs.symlink('/outside', '/workspace/escape');
    const result = await workspace.resolvePath('escape/secret.txt', { parameter: 'path' });
    expect(result.ok || result.error.code).toBe('path_outside_workspace');
    const dangling = await workspace.fs
      .symlink('/etc/shadow', '/workspace/dangling')
      .then(() => workspace.resolvePath('dangling', { parameter: 'path' }));
    expect(dangling.ok || dangling.error.code).toBe('path_outside_workspace');
  });

  describe('symbolic links', () => {
    beforeEach(async () => {
      await workspace.writeText('.git/config', '[core]\n');
      await workspace.fs.symlink('src', '/workspace/srclink');
      await workspace.fs.symlink('.git', '/workspace/gitlink');
      await workspace.fs.symlink('.env', '/workspace/envlink');
      await workspace.fs.symlink('src/index.ts', '/workspace/indexlink');
      await workspace.fs.symlink('/workspace', '/workspace/src/up');
    });

    it('resolves to where the path really is, keeping what was asked', async () => {
      expect(await workspace.resolvePath('srclink/index.ts', { parameter: 'path', mustExist: true })).toEqual({
        ok: true,
        absolute: '/workspace/src/index.ts',
        relative: 'src/index.ts',
        requested: 'srclink/index.ts',
      });
      const viaTwoLinks = await workspace.resolvePath('srclink/up/srclink/new.ts', {
        parameter: 'path',
        forWrite: true,
      });
      expect(viaTwoLinks.ok && viaTwoLinks.relative).toBe('src/new.ts');
      const lastLink = await workspace.resolvePath('indexlink', { parameter: 'path', mustExist: true });
      expect(lastLink.ok && lastLink.relative).toBe('src/index.ts');
    });

    it('with linkItself, names the link, not its target', async () => {
      const link = await workspace.resolvePath('srclink', { parameter: 'path', mustExist: true, linkItself: true });
      expect(link.ok && link.relative).toBe('srclink');
      await workspace.fs.symlink('missing-target', '/workspace/dangling');
      expect(
        (await workspace.resolvePath('dangling', { parameter: 'path', mustExist: true, linkItself: true })).ok,
      ).toBe(true);
      expect((await workspace.resolvePath('dangling', { parameter: 'path', mustExist: true })).ok).toBe(false);
    });

    it('refuses writes that go through a link into .git or onto a secret', async () => {
      for (const path of ['gitlink/HEAD', 'gitlink/config', 'gitlink/hooks/pre-commit', 'envlink']) {
        const result = await workspace.resolvePath(path, { parameter: 'path', forWrite: true });
        expect(result.ok || result.error.code, path).toBe('protected_path');
        if (!result.ok) expect(result.error.message).toMatch(/through a symbolic link to '(\.git\/|\.env)/);
      }
      // Reading through them is fine, as reading .git and .env is.
      expect((await workspace.resolvePath('gitlink/HEAD', { parameter: 'path', mustExist: true })).ok).toBe(true);
    });

    it('refuses the workspace root reached through a link, and a cycle of links', async () => {
      const root = await workspace.resolvePath('src/up', { parameter: 'path', forWrite: true });
      expect(root.ok || root.error.code).toBe('protected_path');
      await workspace.fs.symlink('loop-b', '/workspace/loop-a');
      await workspace.fs.symlink('loop-a', '/workspace/loop-b');
      const loop = await workspace.resolvePath('loop-a/x', { parameter: 'path' });
      expect(loop.ok || loop.error.message).toMatch(/too many levels of symbolic links/);
    });
  });

  it('never throws on a non-string path', async () => {
    const result = await workspace.resolvePath(42 as unknown as string, { parameter: 'path' });
    expect(result.ok).toBe(false);
  });
});

describe('look-alike Unicode traversal', () => {
  it('refuses dots and slashes that compatibility normalisation turns into traversal', () => {
    for (const spelled of ['\u2025/etc/passwd', '\uff0e\uff0e/etc', '\u2024\u2024/x', 'a\uff0f..\uff0f..\uff0fb']) {
      const result = normalizeWorkspacePath(spelled);
      expect(result.ok, spelled).toBe(false);
      if (!result.ok) expect(result.reason).toContain('look-alike');
    }
  });

  it('keeps other non-ASCII names', () => {
    expect(normalizeWorkspacePath('docs/café/naïve.md')).toMatchObject({ ok: true, relative: 'docs/café/naïve.md' });
  });
});
