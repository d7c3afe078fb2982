import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { tool as moveFile } from './move_file';

describe('move_file', () => {
  it('renames a file in place', async () => {
    const bench = await createTestBench({ 'OldClass.cs': 'class C {}' });
    const outcome = await bench.run(moveFile, { source: 'OldClass.cs', destination: 'NewClass.cs' });
    expect(outcome.success).toBe(true);
    expect(outcome.data).toEqual({
      kind: 'move',
      source: 'OldClass.cs',
      destination: 'NewClass.cs',
      overwritten: false,
    });
    expect(outcome.artifacts).toEqual([
      { type: 'file', change: 'moved', path: 'NewClass.cs', from: 'OldClass.cs', size: 10 },
    ]);
    expect(await bench.exists('OldClass.cs')).toBe(false);
    expect(await bench.text('NewClass.cs')).toBe('class C {}');
  });

  it('refuses an existing destination unless overwrite is true', async () => {
    const bench = await createTestBench({ 'temp/file.txt': 'new', 'final/file.txt': 'old' });
    expect((await bench.run(moveFile, { source: 'temp/file.txt', destination: 'final/file.txt' })).errorCode).toBe(
      'already_exists',
    );
    expect(await bench.text('final/file.txt')).toBe('old');
    const outcome = await bench.run(moveFile, {
      source: 'temp/file.txt',
      destination: 'final/file.txt',
      overwrite: true,
    });
    expect(outcome.success).toBe(true);
    expect(await bench.text('final/file.txt')).toBe('new');
    expect(
      await moveFile.effectiveRisk?.({ source: 'x', destination: 'final/file.txt', overwrite: true }, bench.workspace),
    ).toBe('medium');
    expect(await moveFile.effectiveRisk?.({ source: 'x', destination: 'final/file.txt' }, bench.workspace)).toBe('low');
  });

  it('moves into an existing directory and creates missing parents inside the workspace', async () => {
    const bench = await createTestBench({ 'a.txt': 'a', 'b.txt': 'b', 'docs/readme.md': 'r' });
    const into = await bench.run(moveFile, { source: 'a.txt', destination: 'docs' });
    expect(into.data).toMatchObject({ destination: 'docs/a.txt' });
    const nested = await bench.run(moveFile, { source: 'b.txt', destination: 'new/place/b.txt' });
    expect(nested.artifacts?.map((artifact) => `${artifact.change}:${artifact.path}`)).toEqual([
      'created:new',
      'created:new/place',
      'moved:new/place/b.txt',
    ]);
  });

  it('refuses traversal, protected destinations, directories and missing sources', async () => {
    const bench = await createTestBench({ 'a.txt': 'a', 'src/x.ts': 'x' });
    expect((await bench.run(moveFile, { source: 'a.txt', destination: '../../tmp/a.txt' })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(moveFile, { source: 'a.txt', destination: '.git/hooks/pre-commit' })).errorCode).toBe(
      'protected_path',
    );
    expect((await bench.run(moveFile, { source: 'a.txt', destination: '.env' })).errorCode).toBe('protected_path');
    expect((await bench.run(moveFile, { source: 'src', destination: 'lib' })).errorCode).toBe('is_a_directory');
    expect((await bench.run(moveFile, { source: 'missing.txt', destination: 'b.txt' })).errorCode).toBe(
      'path_not_found',
    );
    expect(await bench.text('a.txt')).toBe('a');
    expect(await bench.workspace.listFiles()).toEqual(['a.txt', 'src/x.ts']);
  });

  it('summarizes', () => {
    expect(moveFile.summarize({ source: 'a.cs', destination: 'b.cs', overwrite: true })).toBe(
      "Move 'a.cs' to 'b.cs' (overwrite)",
    );
  });

  it('moves a link itself, moves through a linked directory, refuses a link into .git', async () => {
    const bench = await createTestBench({ 'src/a.ts': 'a', 'src/b.ts': 'b', '.git/config': '[core]' });
    await bench.workspace.runShell('ln -s src srclink && ln -s /workspace/src/a.ts alink && ln -s .git gitlink', {
      cwd: '/workspace',
      timeoutMs: 5000,
    });
    const link = await bench.run(moveFile, { source: 'alink', destination: 'docs/alink' });
    expect(link.success, JSON.stringify(link)).toBe(true);
    expect((await bench.workspace.fs.lstat('/workspace/docs/alink')).isSymbolicLink).toBe(true);
    expect(await bench.text('docs/alink')).toBe('a');
    const through = await bench.run(moveFile, { source: 'srclink/b.ts', destination: 'srclink/c.ts' });
    expect(through.data).toMatchObject({ source: 'src/b.ts', destination: 'src/c.ts' });
    expect(await bench.text('src/c.ts')).toBe('b');
    expect((await bench.run(moveFile, { source: 'gitlink/config', destination: 'stolen' })).errorCode).toBe(
      'protected_path',
    );
    expect((await bench.run(moveFile, { source: 'src/a.ts', destination: 'gitlink/a.ts' })).errorCode).toBe(
      'protected_path',
    );
    expect(await bench.text('.git/config')).toBe('[core]');
  });

  it('precheck refuses an existing destination without overwrite before approval', async () => {
    const bench = await createTestBench({ 'a.txt': 'a', 'b.txt': 'b' });
    const context = bench.context();
    expect((await moveFile.precheck?.({ source: 'a.txt', destination: 'b.txt' }, context))?.errorCode).toBe(
      'already_exists',
    );
    expect((await moveFile.precheck?.({ source: 'nope', destination: 'c.txt' }, context))?.errorCode).toBe(
      'path_not_found',
    );
    expect(await moveFile.precheck?.({ source: 'a.txt', destination: 'b.txt', overwrite: true }, context)).toBeNull();
    expect(await bench.text('b.txt')).toBe('b');
  });
});
