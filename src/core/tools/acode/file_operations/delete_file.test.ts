import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/test-context';
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
    expect((await bench.run(deleteFile, { path: '../../etc/passwd', confirm: true })).errorCode).toBe('path_outside_workspace');
    expect(await bench.exists('.env')).toBe(true);
  });

  it('is always high risk and summarizes the file', () => {
    expect(deleteFile.effectiveRisk?.({ path: 'a' }, {} as never)).toBe('high');
    expect(deleteFile.summarize({ path: 'old/deprecated.cs', confirm: true })).toBe("Delete file 'old/deprecated.cs'");
  });
});
