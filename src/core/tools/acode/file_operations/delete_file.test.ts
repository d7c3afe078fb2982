import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { tool as deleteFile } from './delete_file';

describe('delete_file', () => {
  it('deletes a file with confirm and records the artifact', async () => {
    const bench = await createTestBench({ 'old/deprecated.cs': 'class Old {}' });
    const outcome = await bench.run(deleteFile, { path: 'old/deprecated.cs', confirm: true });
    expect(outcome.success).toBe(true);
    expect(outcome.data).toEqual({ kind: 'delete', path: 'old/deprecated.cs' });
    expect(outcome.artifacts).toEqual([{ type: 'file', change: 'deleted', path: 'old/deprecated.cs', size: 12 }]);
    expect(await bench.exists('old/deprecated.cs')).toBe(false);
  });

  it('refuses without confirm: true', async () => {
    const bench = await createTestBench({ 'temp.txt': 'x' });
    for (const args of [{ path: 'temp.txt' }, { path: 'temp.txt', confirm: false }]) {
      const outcome = await bench.run(deleteFile, args);
      expect(outcome.errorCode).toBe('confirmation_required');
      expect(outcome.error).toContain("'confirm'");
    }
    expect(await bench.exists('temp.txt')).toBe(true);
  });

  it('refuses directories, missing files, protected and outside paths', async () => {
    const bench = await createTestBench({ 'src/a.ts': 'x', '.env': 'SECRET=1', '.git/config': '[core]' });
    expect((await bench.run(deleteFile, { path: 'src', confirm: true })).errorCode).toBe('is_a_directory');
    expect((await bench.run(deleteFile, { path: 'missing.txt', confirm: true })).errorCode).toBe('path_not_found');
    expect((await bench.run(deleteFile, { path: '.env', confirm: true })).errorCode).toBe('protected_path');
    expect((await bench.run(deleteFile, { path: '.git/config', confirm: true })).errorCode).toBe('protected_path');
    expect((await bench.run(deleteFile, { path: '../../etc/passwd', confirm: true })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect(await bench.exists('.env')).toBe(true);
  });

  it('is always high risk and summarizes the file', () => {
    expect(deleteFile.effectiveRisk?.({ path: 'a' }, {} as never)).toBe('high');
    expect(deleteFile.summarize({ path: 'old/deprecated.cs', confirm: true })).toBe("Delete file 'old/deprecated.cs'");
  });

  it('deletes a symbolic link itself, never its target; refuses going through a link into .git', async () => {
    const bench = await createTestBench({ 'src/a.ts': 'a', '.git/index': 'idx', '.env': 'S=1' });
    await bench.workspace.runShell(
      'ln -s src/a.ts alink && ln -s .git gitlink && ln -s /etc outside && ln -s .env envlink',
      { cwd: '/workspace', timeoutMs: 5000 },
    );
    const link = await bench.run(deleteFile, { path: 'alink', confirm: true });
    expect(link).toMatchObject({ success: true, message: "Deleted 'alink' (the symbolic link)" });
    expect(await bench.text('src/a.ts')).toBe('a');
    // A link to a secret or outside the workspace can be cleaned up: removing it touches nothing there.
    expect((await bench.run(deleteFile, { path: 'outside', confirm: true })).success).toBe(true);
    expect((await bench.run(deleteFile, { path: 'envlink', confirm: true })).success).toBe(true);
    expect(await bench.text('.env')).toBe('S=1');
    const through = await bench.run(deleteFile, { path: 'gitlink/index', confirm: true });
    expect(through.errorCode).toBe('protected_path');
    expect(await bench.text('.git/index')).toBe('idx');
  });

  it('precheck refuses before approval what run would refuse', async () => {
    const bench = await createTestBench({ 'temp.txt': 'x', 'dir/f': 'f' });
    const context = bench.context();
    expect((await deleteFile.precheck?.({ path: 'temp.txt' }, context))?.errorCode).toBe('confirmation_required');
    expect((await deleteFile.precheck?.({ path: 'nope.txt', confirm: true }, context))?.errorCode).toBe(
      'path_not_found',
    );
    expect((await deleteFile.precheck?.({ path: 'dir', confirm: true }, context))?.errorCode).toBe('is_a_directory');
    expect(await deleteFile.precheck?.({ path: 'temp.txt', confirm: true }, context)).toBeNull();
    expect(await bench.exists('temp.txt')).toBe(true);
  });
});
