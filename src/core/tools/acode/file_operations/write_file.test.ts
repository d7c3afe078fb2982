import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { tool as writeFile } from './write_file';

describe('write_file', () => {
  it('creates a new file with an artifact and no leftover temporary file', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(writeFile, { path: 'output.txt', content: 'Hello, World!' });
    expect(outcome.success).toBe(true);
    expect(outcome.data).toEqual({ kind: 'write', path: 'output.txt', bytesWritten: 13, created: true });
    expect(outcome.artifacts).toEqual([{ type: 'file', change: 'created', path: 'output.txt', size: 13 }]);
    expect(await bench.text('output.txt')).toBe('Hello, World!');
    expect(await bench.workspace.listFiles()).toEqual(['output.txt']);
  });

  it('overwrites by default and reports a modification', async () => {
    const bench = await createTestBench({ 'config.json': '{}' });
    const outcome = await bench.run(writeFile, { path: 'config.json', content: '{"key": "value"}' });
    expect(outcome.artifacts?.[0]?.change).toBe('modified');
    expect(outcome.message).toContain('Replaced');
    expect(await bench.text('config.json')).toBe('{"key": "value"}');
  });

  it('refuses to overwrite when overwrite is false', async () => {
    const bench = await createTestBench({ 'config.json': '{}' });
    const outcome = await bench.run(writeFile, { path: 'config.json', content: 'new', overwrite: false });
    expect(outcome.errorCode).toBe('already_exists');
    expect(await bench.text('config.json')).toBe('{}');
  });

  it('needs create_directories for a missing parent, and creates it when asked', async () => {
    const bench = await createTestBench();
    const refused = await bench.run(writeFile, { path: 'src/services/UserService.cs', content: 'class' });
    expect(refused.errorCode).toBe('path_not_found');
    expect(refused.suggestedFollowUps?.[0]).toContain('create_directories');
    const created = await bench.run(writeFile, {
      path: 'src/services/UserService.cs',
      content: 'class',
      create_directories: true,
    });
    expect(created.success).toBe(true);
    expect(created.artifacts?.map((artifact) => `${artifact.type}:${artifact.path}`)).toEqual([
      'directory:src',
      'directory:src/services',
      'file:src/services/UserService.cs',
    ]);
  });

  it('refuses a directory target and a file used as a directory', async () => {
    const bench = await createTestBench({ 'src/a.ts': 'x', 'notes.txt': 'n' });
    expect((await bench.run(writeFile, { path: 'src', content: 'x' })).errorCode).toBe('is_a_directory');
    expect(
      (await bench.run(writeFile, { path: 'notes.txt/inner.txt', content: 'x', create_directories: true })).errorCode,
    ).toBe('not_a_directory');
  });

  it('encodes ascii strictly and utf-16 with a byte-order mark', async () => {
    const bench = await createTestBench();
    const refused = await bench.run(writeFile, { path: 'a.txt', content: 'ok\ncafé', encoding: 'ascii' });
    expect(refused.errorCode).toBe('encoding_error');
    expect(refused.error).toContain('line 2');
    await bench.run(writeFile, { path: 'w.txt', content: 'Hi', encoding: 'utf-16' });
    expect([...(await bench.workspace.readBytes('w.txt'))]).toEqual([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00]);
  });

  it('refuses protected paths and paths outside the workspace', async () => {
    const bench = await createTestBench();
    expect(
      (await bench.run(writeFile, { path: '.git/config', content: 'x', create_directories: true })).errorCode,
    ).toBe('protected_path');
    expect((await bench.run(writeFile, { path: '.env', content: 'SECRET=1' })).errorCode).toBe('protected_path');
    expect((await bench.run(writeFile, { path: '../../etc/passwd', content: 'x' })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(writeFile, { path: '/etc/cron.d/job', content: 'x' })).errorCode).toBe(
      'path_outside_workspace',
    );
  });

  it('is low risk for a new file and medium when replacing one', async () => {
    const bench = await createTestBench({ 'exists.txt': 'x' });
    expect(await writeFile.effectiveRisk?.({ path: 'new.txt', content: '' }, bench.workspace)).toBe('low');
    expect(await writeFile.effectiveRisk?.({ path: 'exists.txt', content: '' }, bench.workspace)).toBe('medium');
  });

  it('summarizes the write', () => {
    expect(writeFile.summarize({ path: 'a.txt', content: 'abc', overwrite: false })).toBe(
      "Write 3 characters to 'a.txt' (no overwrite)",
    );
    expect(writeFile.summarize({ path: 'a.txt', content: 'x' })).toBe("Write 1 character to 'a.txt'");
  });

  describe('through symbolic links', () => {
    async function linkedBench() {
      const bench = await createTestBench({
        'src/a.ts': 'old',
        '.git/HEAD': 'ref: refs/heads/main\n',
        '.git/config': '[core]\n',
        '.env': 'SECRET=1',
      });
      const shell = await bench.workspace.runShell(
        'ln -s src srclink && ln -s src/a.ts alink && ln -s .git gitlink && ln -s .env envlink',
        { cwd: '/workspace', timeoutMs: 5000 },
      );
      expect(shell.exitCode).toBe(0);
      return bench;
    }

    it('a write through a linked directory or onto a link lands where the link points, and says where', async () => {
      const bench = await linkedBench();
      const created = await bench.run(writeFile, { path: 'srclink/b.ts', content: 'new' });
      expect(created).toMatchObject({ success: true, message: "Created 'src/b.ts' (3 bytes, utf-8)" });
      expect(await bench.text('src/b.ts')).toBe('new');
      const replaced = await bench.run(writeFile, { path: 'alink', content: 'replaced' });
      expect(replaced.success).toBe(true);
      expect(replaced.artifacts).toEqual([{ type: 'file', change: 'modified', path: 'src/a.ts', size: 8 }]);
      expect(await bench.text('src/a.ts')).toBe('replaced');
      expect((await bench.workspace.fs.lstat('/workspace/alink')).isSymbolicLink).toBe(true);
    });

    it('refuses a write through a link into .git or onto a secret, and changes nothing (it used to report success)', async () => {
      const bench = await linkedBench();
      for (const path of ['gitlink/HEAD', 'gitlink/hooks/pre-commit', 'envlink']) {
        const outcome = await bench.run(writeFile, { path, content: 'garbage', create_directories: true });
        expect(outcome.errorCode, path).toBe('protected_path');
        expect(outcome.error).toContain('through a symbolic link');
      }
      expect(await bench.text('.git/HEAD')).toBe('ref: refs/heads/main\n');
      expect(await bench.text('.env')).toBe('SECRET=1');
      expect(await bench.exists('.git/hooks/pre-commit')).toBe(false);
    });

    it('protects .git in any letter case', async () => {
      const bench = await createTestBench();
      for (const path of ['.GIT/config', '.Git/HEAD', 'sub/.gIT/x']) {
        expect((await bench.run(writeFile, { path, content: 'x', create_directories: true })).errorCode, path).toBe(
          'protected_path',
        );
      }
    });
  });

  describe('precheck (before approval)', () => {
    it('refuses what run would refuse, without writing anything', async () => {
      const bench = await createTestBench({ 'exists.txt': 'keep', 'dir/x': 'x' });
      const context = bench.context();
      expect(
        (await writeFile.precheck?.({ path: 'exists.txt', content: 'y', overwrite: false }, context))?.errorCode,
      ).toBe('already_exists');
      expect((await writeFile.precheck?.({ path: 'dir', content: 'y' }, context))?.errorCode).toBe('is_a_directory');
      expect((await writeFile.precheck?.({ path: 'missing/x.txt', content: 'y' }, context))?.errorCode).toBe(
        'path_not_found',
      );
      expect((await writeFile.precheck?.({ path: '.env', content: 'y' }, context))?.errorCode).toBe('protected_path');
      expect((await writeFile.precheck?.({ path: 'a.txt', content: 'é', encoding: 'ascii' }, context))?.errorCode).toBe(
        'encoding_error',
      );
      expect(await writeFile.precheck?.({ path: 'exists.txt', content: 'y' }, context)).toBeNull();
      expect(
        await writeFile.precheck?.({ path: 'missing/x.txt', content: 'y', create_directories: true }, context),
      ).toBeNull();
      expect(await bench.text('exists.txt')).toBe('keep');
      expect(await bench.exists('missing')).toBe(false);
    });
  });
});
