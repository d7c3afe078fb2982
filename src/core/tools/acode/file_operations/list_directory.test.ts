import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '../../../runtime/types';
import { createTestBench } from '../../support/context.test-support';
import { tool as listDirectory } from './list_directory';

const tree = {
  'README.md': '# r',
  '.env.example': 'A=1',
  'src/Program.cs': 'class P {}',
  'src/util/Helpers.cs': 'class H {}',
  'src/util/deep/Deeper.cs': 'class D {}',
  'src/app.ts': 'export {}',
  'tests/unit/a.test.js': 'test',
};

const entries = (outcome: ToolOutcome) => {
  if (outcome.data?.kind !== 'listing') throw new Error(`expected listing, got ${JSON.stringify(outcome)}`);
  return outcome.data.entries;
};

describe('list_directory', () => {
  it('lists immediate children, sorted, with types, sizes and depth', async () => {
    const bench = await createTestBench(tree);
    const listed = entries(await bench.run(listDirectory, { path: '.' }));
    expect(listed).toEqual([
      { path: 'README.md', type: 'file', size: 3, depth: 1 },
      { path: 'src', type: 'directory', depth: 1 },
      { path: 'tests', type: 'directory', depth: 1 },
    ]);
  });

  it('lists recursively with max_depth', async () => {
    const bench = await createTestBench(tree);
    const listed = entries(await bench.run(listDirectory, { path: 'src', recursive: true, max_depth: 2 }));
    expect(listed.map((entry) => `${entry.path}@${entry.depth}`)).toEqual([
      'src/Program.cs@1',
      'src/app.ts@1',
      'src/util@1',
      'src/util/Helpers.cs@2',
      'src/util/deep@2',
    ]);
    const unlimited = entries(await bench.run(listDirectory, { path: 'src', recursive: true }));
    expect(unlimited.map((entry) => entry.path)).toContain('src/util/deep/Deeper.cs');
  });

  it('filters with a glob', async () => {
    const bench = await createTestBench(tree);
    const listed = entries(await bench.run(listDirectory, { path: '.', recursive: true, pattern: '*.cs' }));
    expect(listed.map((entry) => entry.path)).toEqual([
      'src/Program.cs',
      'src/util/Helpers.cs',
      'src/util/deep/Deeper.cs',
    ]);
    const braces = entries(await bench.run(listDirectory, { path: '.', recursive: true, pattern: '*.{ts,js}' }));
    expect(braces.map((entry) => entry.path)).toEqual(['src/app.ts', 'tests/unit/a.test.js']);
  });

  it('shows hidden entries only when asked, without expanding .git', async () => {
    const bench = await createTestBench({ ...tree, '.git/HEAD': 'ref: refs/heads/main' });
    expect(entries(await bench.run(listDirectory, { path: '.' })).some((entry) => entry.path.startsWith('.'))).toBe(
      false,
    );
    const hidden = entries(await bench.run(listDirectory, { path: '.', include_hidden: true, recursive: true }));
    expect(hidden.map((entry) => entry.path)).toContain('.env.example');
    expect(hidden.map((entry) => entry.path)).toContain('.git');
    expect(hidden.some((entry) => entry.path.startsWith('.git/'))).toBe(false);
  });

  it('reports files, missing paths and traversal', async () => {
    const bench = await createTestBench(tree);
    expect((await bench.run(listDirectory, { path: 'README.md' })).errorCode).toBe('not_a_directory');
    expect((await bench.run(listDirectory, { path: 'nope' })).errorCode).toBe('path_not_found');
    expect((await bench.run(listDirectory, { path: '../..' })).errorCode).toBe('path_outside_workspace');
  });

  it('summarizes', () => {
    expect(listDirectory.summarize({ path: 'tests', recursive: true, max_depth: 2 })).toBe(
      "List 'tests' (recursively, max depth 2)",
    );
  });

  describe('symbolic links', () => {
    it('lists a link as itself with its target and never descends into it (a loop and an escape included)', async () => {
      const bench = await createTestBench(tree);
      const shell = await bench.workspace.runShell(
        'ln -s src srclink && ln -s . self && ln -s /etc outside && ln -s gone dangling',
        { cwd: '/workspace', timeoutMs: 5000 },
      );
      expect(shell.exitCode).toBe(0);
      const outcome = await bench.run(listDirectory, { path: '.', recursive: true });
      expect(outcome.success, JSON.stringify(outcome)).toBe(true);
      const listed = entries(outcome);
      expect(listed.filter((entry) => entry.type === 'symlink')).toEqual([
        { path: 'dangling', type: 'symlink', depth: 1, target: 'gone' },
        { path: 'outside', type: 'symlink', depth: 1, target: '/etc' },
        { path: 'self', type: 'symlink', depth: 1, target: '.' },
        { path: 'srclink', type: 'symlink', depth: 1, target: 'src' },
      ]);
      expect(listed.some((entry) => entry.path.startsWith('srclink/') || entry.path.startsWith('self/'))).toBe(false);
      expect(listed.filter((entry) => entry.path.startsWith('src/')).length).toBe(6);
      expect(outcome.message).toContain('4 symbolic links, not followed');
    });

    it('lists the directory a link names, under its real path', async () => {
      const bench = await createTestBench(tree);
      await bench.workspace.fs.symlink('src/util', '/workspace/utillink');
      const outcome = await bench.run(listDirectory, { path: 'utillink' });
      expect(outcome.data).toMatchObject({ path: 'src/util' });
      expect(entries(outcome).map((entry) => entry.path)).toEqual(['src/util/Helpers.cs', 'src/util/deep']);
    });

    it('an entry that cannot be read is noted, and the rest is still listed', async () => {
      const bench = await createTestBench(tree);
      const fs = bench.workspace.fs;
      const original = fs.readdirWithFileTypes.bind(fs);
      fs.readdirWithFileTypes = async (path: string) => {
        if (path.endsWith('/util')) throw new Error('EIO: simulated failure');
        return original(path);
      };
      const outcome = await bench.run(listDirectory, { path: '.', recursive: true });
      expect(outcome.success).toBe(true);
      expect(entries(outcome).map((entry) => entry.path)).toContain('tests/unit/a.test.js');
      expect(outcome.message).toContain("1 could not be read: 'src/util'");
    });
  });
});
