import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { writeAllAtomically } from './atomic';
import { tool as applyDiff } from './apply_diff';
import { tool as deleteFile } from './delete_file';
import { tool as listFiles } from './list_files';
import { READ_LIMIT_BYTES, tool as readFile } from './read_file';
import { WRITE_LIMIT_BYTES, tool as writeFile } from './write_file';

describe('ReadFile and WriteFile (the seed tests)', () => {
  it('reads what WriteFile wrote (the round trip)', async () => {
    const bench = await createTestBench();
    const written = await bench.run(writeFile, { filePath: 'test.txt', content: 'Integration test content' });
    expect(written).toMatchObject({ success: true, message: 'Successfully wrote 24 bytes to test.txt' });
    const read = await bench.run(readFile, { filePath: 'test.txt' });
    expect(read.success).toBe(true);
    expect(dataOf(read, 'file_content').content).toBe('Integration test content');
  });

  it('refuses path traversal and absolute paths with a security error, touching nothing', async () => {
    const bench = await createTestBench({ 'a.txt': 'x' });
    for (const filePath of ['../../../etc/passwd', 'src/../../x', '/etc/passwd', 'C:\\Windows\\win.ini', 'a..txt']) {
      const outcome = await bench.run(readFile, { filePath });
      expect(outcome.success).toBe(false);
      expect(outcome.errorCode).toBe('path_outside_workspace');
      expect(outcome.error?.toLowerCase()).toContain('security');
    }
    expect((await bench.run(writeFile, { filePath: '../escape.txt', content: 'x' })).errorCode).toBe(
      'path_outside_workspace',
    );
  });

  it('refuses a file over 10 MB with the size and the limit', async () => {
    const bench = await createTestBench({ 'large.txt': 'x'.repeat(11 * 1024 * 1024) });
    const outcome = await bench.run(readFile, { filePath: 'large.txt' });
    expect(outcome.success).toBe(false);
    expect(outcome.error).toBe(`File size ${11 * 1024 * 1024} bytes exceeds limit ${READ_LIMIT_BYTES} bytes`);
  });

  it('says a missing file is not found', async () => {
    const bench = await createTestBench();
    expect(await bench.run(readFile, { filePath: 'nope.txt' })).toMatchObject({
      success: false,
      errorCode: 'path_not_found',
      error: 'File not found: nope.txt',
    });
  });

  it('refuses content over 1 MB of UTF-8 (counted in bytes, not characters) and keeps the old file', async () => {
    const bench = await createTestBench({ 'keep.txt': 'old' });
    const wide = 'é'.repeat(WRITE_LIMIT_BYTES / 2 + 1);
    const outcome = await bench.run(writeFile, { filePath: 'keep.txt', content: wide });
    expect(outcome).toMatchObject({ success: false, errorCode: 'file_too_large' });
    expect(outcome.error).toContain(`exceeds limit ${WRITE_LIMIT_BYTES} bytes`);
    expect(await bench.text('keep.txt')).toBe('old');
  });

  it('creates parent directories and refuses .git internals and secrets', async () => {
    const bench = await createTestBench();
    expect((await bench.run(writeFile, { filePath: 'src/Models/Order.cs', content: 'class Order {}' })).success).toBe(
      true,
    );
    expect(await bench.text('src/Models/Order.cs')).toBe('class Order {}');
    expect((await bench.run(writeFile, { filePath: '.git/config', content: 'x' })).errorCode).toBe('protected_path');
    expect((await bench.run(writeFile, { filePath: '.env', content: 'x' })).errorCode).toBe('protected_path');
  });
});

describe('atomic writes', () => {
  it('leaves the old content and no temporary file when the rename fails', async () => {
    const bench = await createTestBench({ 'docs/a.md': 'old a' });
    const fs = bench.workspace.fs;
    const rename = fs.mv.bind(fs);
    fs.mv = async () => {
      throw new Error('disk full');
    };
    await expect(bench.run(writeFile, { filePath: 'docs/a.md', content: 'new a' })).rejects.toThrow('disk full');
    fs.mv = rename;
    expect(await bench.text('docs/a.md')).toBe('old a');
    expect(await fs.readdir('/workspace/docs')).toEqual(['a.md']);
  });

  it('swaps several files in only when every one was written', async () => {
    const bench = await createTestBench({ 'a.txt': 'A', 'b.txt': 'B' });
    const fs = bench.workspace.fs;
    const write = fs.writeFile.bind(fs);
    let writes = 0;
    fs.writeFile = async (...args: Parameters<typeof fs.writeFile>) => {
      writes += 1;
      if (writes === 2) throw new Error('quota exceeded');
      return write(...args);
    };
    await expect(
      writeAllAtomically(fs, [
        { target: '/workspace/a.txt', content: 'A2' },
        { target: '/workspace/b.txt', content: 'B2' },
      ]),
    ).rejects.toThrow('quota');
    fs.writeFile = write;
    expect([await bench.text('a.txt'), await bench.text('b.txt')]).toEqual(['A', 'B']);
    expect((await fs.readdir('/workspace')).sort()).toEqual(['a.txt', 'b.txt']);
  });
});

describe('ListFiles and DeleteFile', () => {
  it('lists a directory, recursively on request, hidden entries only when asked', async () => {
    const bench = await createTestBench({
      'src/a.ts': 'a',
      'src/lib/b.ts': 'b',
      '.github/ci.yml': 'x',
      'README.md': 'r',
    });
    const flat = dataOf(await bench.run(listFiles, {}), 'listing');
    expect(flat.entries.map((entry) => entry.path)).toEqual(['README.md', 'src']);
    const deep = dataOf(await bench.run(listFiles, { directory: 'src', recursive: true }), 'listing');
    expect(deep.entries.map((entry) => entry.path)).toEqual(['src/a.ts', 'src/lib', 'src/lib/b.ts']);
    const hidden = dataOf(await bench.run(listFiles, { includeHidden: true }), 'listing');
    expect(hidden.entries.map((entry) => entry.path)).toContain('.github');
  });

  it('deletes only with confirm: true, never a directory', async () => {
    const bench = await createTestBench({ 'old/deprecated.cs': 'x' });
    expect((await bench.run(deleteFile, { filePath: 'old/deprecated.cs' })).errorCode).toBe('confirmation_required');
    expect(await bench.exists('old/deprecated.cs')).toBe(true);
    expect((await bench.run(deleteFile, { filePath: 'old', confirm: true })).errorCode).toBe('is_a_directory');
    expect((await bench.run(deleteFile, { filePath: 'old/deprecated.cs', confirm: true })).success).toBe(true);
    expect(await bench.exists('old/deprecated.cs')).toBe(false);
  });
});

describe('ApplyDiff', () => {
  const source = 'export function countOpen(tasks) {\n  return tasks.filter((task) => !task.done).length;\n}\n';
  const fix =
    '--- a/src/taskStats.js\n+++ b/src/taskStats.js\n@@ -1,3 +1,3 @@\n export function countOpen(tasks) {\n-  return tasks.filter((task) => !task.done).length;\n+  return tasks.filter((task) => !task.done && !task.archived).length;\n }\n';

  it('applies a git-style diff and creates new files', async () => {
    const bench = await createTestBench({ 'src/taskStats.js': source });
    const create = '--- /dev/null\n+++ b/docs/CHANGELOG.md\n@@ -0,0 +1 @@\n+# Changelog\n';
    const outcome = await bench.run(applyDiff, { diff: fix + create });
    expect(outcome.success).toBe(true);
    expect(await bench.text('src/taskStats.js')).toContain('!task.archived');
    expect(await bench.text('docs/CHANGELOG.md')).toBe('# Changelog\n');
    expect(outcome.artifacts?.map((artifact) => `${artifact.change}:${artifact.path}`)).toEqual([
      'created:docs',
      'modified:src/taskStats.js',
      'created:docs/CHANGELOG.md',
    ]);
  });

  it('writes nothing when one hunk of one file does not apply, and names it', async () => {
    const bench = await createTestBench({ 'src/taskStats.js': source, 'src/labels.js': 'export const labels = [];\n' });
    const stale =
      '--- a/src/labels.js\n+++ b/src/labels.js\n@@ -1 +1 @@\n-export const labels = ["bug"];\n+export const labels = ["bug", "ui"];\n';
    const outcome = await bench.run(applyDiff, { diff: fix + stale });
    expect(outcome).toMatchObject({ success: false, errorCode: 'patch_failed' });
    expect(outcome.error).toContain("'src/labels.js'");
    expect(await bench.text('src/taskStats.js')).toBe(source);
  });

  it('checks without writing on dryRun, and refuses paths that leave the workspace', async () => {
    const bench = await createTestBench({ 'src/taskStats.js': source });
    expect((await bench.run(applyDiff, { diff: fix, dryRun: true })).success).toBe(true);
    expect(await bench.text('src/taskStats.js')).toBe(source);
    const escape = '--- /dev/null\n+++ b/../../etc/cron.d/x\n@@ -0,0 +1 @@\n+x\n';
    expect((await bench.run(applyDiff, { diff: escape })).errorCode).toBe('path_outside_workspace');
  });
});
