import { beforeEach, describe, expect, it } from 'vitest';
import { branch, commit, init, add, remove } from 'isomorphic-git';
import { gitCommit, gitDiff, gitLog, gitStatus, resolveRevision, type GitOutcome } from './git';
import { createWorkspace, type WorkspaceImpl } from './workspace';

const ALICE = { name: 'Alice Example', email: 'alice@example.com' };
const BOB = { name: 'Bob Builder', email: 'bob@builders.test' };

function unwrap<T>(outcome: GitOutcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.data;
}

/** Three commits: add notes.txt + src/app.ts (Alice), edit notes.txt (Bob), add docs/guide.md (Alice). */
async function repository(): Promise<{ workspace: WorkspaceImpl; oids: string[] }> {
  const workspace = await createWorkspace();
  const base = { fs: workspace.gitFs, dir: '/workspace', cache: workspace.gitCache };
  await init({ ...base, defaultBranch: 'main' });
  const oids: string[] = [];
  const save = async (
    author: { name: string; email: string },
    message: string,
    files: Record<string, string>,
    day: number,
  ) => {
    for (const [path, text] of Object.entries(files)) await workspace.writeText(path, text);
    await add({ ...base, filepath: Object.keys(files) });
    const signature = { ...author, timestamp: 1_700_000_000 + day * 86_400, timezoneOffset: 0 };
    oids.push(await commit({ ...base, message, author: signature, committer: signature }));
  };
  await save(
    ALICE,
    'first: add notes and app',
    { 'notes.txt': 'one\ntwo\nthree\n', 'src/app.ts': 'export const app = 1;\n' },
    0,
  );
  await save(BOB, 'second: edit notes', { 'notes.txt': 'one\nTWO\nthree\n' }, 1);
  await save(ALICE, 'third: add a guide', { 'docs/guide.md': '# Guide\n' }, 2);
  return { workspace, oids };
}

describe('gitStatus', () => {
  let workspace: WorkspaceImpl;
  beforeEach(async () => ({ workspace } = await repository()));

  it('is clean after the last commit, with the branch name', async () => {
    expect(unwrap(await gitStatus(workspace))).toEqual({ kind: 'git_status', branch: 'main', files: [], clean: true });
  });

  it('shows a new, a modified, a staged and a deleted file', async () => {
    await workspace.writeText('new.txt', 'fresh\n');
    await workspace.writeText('notes.txt', 'changed\n');
    await workspace.writeText('src/app.ts', 'export const app = 2;\n');
    await add({ fs: workspace.gitFs, dir: '/workspace', filepath: 'src/app.ts', cache: workspace.gitCache });
    await workspace.remove('docs/guide.md');
    const status = unwrap(await gitStatus(workspace));
    expect(status.clean).toBe(false);
    expect(status.files).toEqual([
      { path: 'docs/guide.md', index: ' ', workdir: 'D', status: 'deleted' },
      { path: 'new.txt', index: '?', workdir: '?', status: 'untracked' },
      { path: 'notes.txt', index: ' ', workdir: 'M', status: 'modified' },
      { path: 'src/app.ts', index: 'M', workdir: ' ', status: 'modified' },
    ]);
  });

  it('limits to a path', async () => {
    await workspace.writeText('src/extra.ts', 'x\n');
    await workspace.writeText('notes.txt', 'changed\n');
    const status = unwrap(await gitStatus(workspace, 'src/'));
    expect(status.files.map((file) => file.path)).toEqual(['src/extra.ts']);
  });

  it('reports a nested repository from its own .git', async () => {
    const nested = { fs: workspace.gitFs, dir: '/workspace/vendor/lib' };
    await workspace.writeText('vendor/lib/a.txt', 'a\n');
    await init({ ...nested, defaultBranch: 'trunk' });
    await add({ ...nested, filepath: 'a.txt' });
    await commit({ ...nested, message: 'lib', author: ALICE });
    await workspace.writeText('vendor/lib/a.txt', 'b\n');
    const status = unwrap(await gitStatus(workspace, 'vendor/lib/'));
    expect(status.branch).toBe('trunk');
    expect(status.files).toEqual([{ path: 'vendor/lib/a.txt', index: ' ', workdir: 'M', status: 'modified' }]);
  });

  it('refuses a path outside the workspace and a workspace without git', async () => {
    const outside = await gitStatus(workspace, '../etc');
    expect(outside.ok || outside.code).toBe('path_outside_workspace');
    const empty = await createWorkspace();
    const none = await gitStatus(empty);
    expect(none.ok || none.code).toBe('git_error');
    expect(none.ok || none.message).toMatch(/not a git repository/);
  });
});

describe('resolveRevision', () => {
  it('resolves HEAD, HEAD~N, HEAD^, branches, short and long ids', async () => {
    const { workspace, oids } = await repository();
    await branch({ fs: workspace.gitFs, dir: '/workspace', ref: 'feature' });
    expect(unwrap(await resolveRevision(workspace, 'HEAD'))).toBe(oids[2]);
    expect(unwrap(await resolveRevision(workspace, 'HEAD~1'))).toBe(oids[1]);
    expect(unwrap(await resolveRevision(workspace, 'HEAD~2'))).toBe(oids[0]);
    expect(unwrap(await resolveRevision(workspace, 'HEAD^'))).toBe(oids[1]);
    expect(unwrap(await resolveRevision(workspace, 'HEAD^^'))).toBe(oids[0]);
    expect(unwrap(await resolveRevision(workspace, 'main~1'))).toBe(oids[1]);
    expect(unwrap(await resolveRevision(workspace, 'feature'))).toBe(oids[2]);
    expect(unwrap(await resolveRevision(workspace, oids[0]!.slice(0, 7)))).toBe(oids[0]);
    expect(unwrap(await resolveRevision(workspace, oids[1]!))).toBe(oids[1]);
  });

  it('gives unknown_revision for names that do not exist and for going past the first commit', async () => {
    const { workspace } = await repository();
    for (const revision of ['nope', 'HEAD~3', 'deadbeef', '0000000000000000000000000000000000000000', '']) {
      const outcome = await resolveRevision(workspace, revision);
      expect(outcome.ok || outcome.code).toBe('unknown_revision');
    }
    const unknown = await resolveRevision(workspace, 'nope');
    expect(unknown.ok || unknown.message).toContain("'nope'");
  });
});

describe('gitDiff', () => {
  let workspace: WorkspaceImpl;
  beforeEach(async () => ({ workspace } = await repository()));

  it('shows working-tree changes as a unified patch, untracked files left out', async () => {
    await workspace.writeText('notes.txt', 'one\nTWO\nthree\nfour\n');
    await workspace.writeText('untracked.txt', 'ignored by git diff\n');
    const diff = unwrap(await gitDiff(workspace));
    expect(diff.patch).toBe(
      [
        'diff --git a/notes.txt b/notes.txt',
        '--- a/notes.txt',
        '+++ b/notes.txt',
        '@@ -1,3 +1,4 @@',
        ' one',
        ' TWO',
        ' three',
        '+four',
        '',
      ].join('\n'),
    );
    expect(diff.files).toEqual([{ path: 'notes.txt', additions: 1, deletions: 0 }]);
  });

  it('shows only staged changes with staged, including new and deleted files', async () => {
    const base = { fs: workspace.gitFs, dir: '/workspace', cache: workspace.gitCache };
    await workspace.writeText('added.txt', 'hello\n');
    await add({ ...base, filepath: 'added.txt' });
    await workspace.writeText('notes.txt', 'unstaged edit\n');
    const { remove } = await import('isomorphic-git');
    await workspace.remove('docs/guide.md');
    await remove({ ...base, filepath: 'docs/guide.md' });
    const diff = unwrap(await gitDiff(workspace, { staged: true }));
    expect(diff.files).toEqual([
      { path: 'added.txt', additions: 1, deletions: 0 },
      { path: 'docs/guide.md', additions: 0, deletions: 1 },
    ]);
    expect(diff.patch).toContain(
      'diff --git a/added.txt b/added.txt\nnew file mode 100644\n--- /dev/null\n+++ b/added.txt\n@@ -0,0 +1,1 @@\n+hello\n',
    );
    expect(diff.patch).toContain(
      'deleted file mode 100644\n--- a/docs/guide.md\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-# Guide\n',
    );
    expect(diff.patch).not.toContain('unstaged edit');
  });

  it('compares the working tree against HEAD~1', async () => {
    const diff = unwrap(await gitDiff(workspace, { commit: 'HEAD~1' }));
    expect(diff.files).toEqual([{ path: 'docs/guide.md', additions: 1, deletions: 0 }]);
    const older = unwrap(await gitDiff(workspace, { commit: 'HEAD~2' }));
    expect(older.patch).toContain('@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n');
    expect(older.files.map((file) => file.path)).toEqual(['docs/guide.md', 'notes.txt']);
  });

  it('limits to a file or directory', async () => {
    await workspace.writeText('notes.txt', 'x\n');
    await workspace.writeText('src/app.ts', 'y\n');
    expect(unwrap(await gitDiff(workspace, { path: 'src' })).files.map((file) => file.path)).toEqual(['src/app.ts']);
    expect(unwrap(await gitDiff(workspace, { path: 'notes.txt' })).files.map((file) => file.path)).toEqual([
      'notes.txt',
    ]);
    expect(unwrap(await gitDiff(workspace, { path: 'missing.txt' })).files).toEqual([]);
  });

  it('is empty on a clean tree and rejects an unknown commit clearly', async () => {
    expect(unwrap(await gitDiff(workspace))).toEqual({ kind: 'diff', patch: '', files: [] });
    const unknown = await gitDiff(workspace, { commit: 'v9.9.9' });
    expect(unknown.ok || unknown.code).toBe('unknown_revision');
  });

  it('marks binary files instead of printing them', async () => {
    await workspace.writeBytes('notes.txt', new Uint8Array([0, 1, 2, 3]));
    const diff = unwrap(await gitDiff(workspace));
    expect(diff.patch).toContain('Binary files a/notes.txt and b/notes.txt differ');
  });
});

describe('gitLog', () => {
  let workspace: WorkspaceImpl;
  beforeEach(async () => ({ workspace } = await repository()));

  it('lists newest first with count', async () => {
    const all = unwrap(await gitLog(workspace));
    expect(all.commits.map((entry) => entry.message)).toEqual([
      'third: add a guide',
      'second: edit notes',
      'first: add notes and app',
    ]);
    expect(all.commits[0]).toMatchObject({
      author: 'Alice Example',
      email: 'alice@example.com',
      date: '2023-11-16T22:13:20.000Z',
    });
    expect(unwrap(await gitLog(workspace, { count: 1 })).commits).toHaveLength(1);
  });

  it('filters by path: commits that changed that file or directory', async () => {
    expect(unwrap(await gitLog(workspace, { path: 'notes.txt' })).commits.map((entry) => entry.message)).toEqual([
      'second: edit notes',
      'first: add notes and app',
    ]);
    expect(unwrap(await gitLog(workspace, { path: 'docs' })).commits.map((entry) => entry.message)).toEqual([
      'third: add a guide',
    ]);
    expect(unwrap(await gitLog(workspace, { path: 'never.txt' })).commits).toEqual([]);
  });

  it('filters by author name or email, case-insensitively', async () => {
    expect(unwrap(await gitLog(workspace, { author: 'BOB' })).commits.map((entry) => entry.message)).toEqual([
      'second: edit notes',
    ]);
    expect(unwrap(await gitLog(workspace, { author: 'alice@example.com' })).commits).toHaveLength(2);
    expect(unwrap(await gitLog(workspace, { author: 'builders.test', count: 5 })).commits).toHaveLength(1);
    expect(unwrap(await gitLog(workspace, { author: 'carol' })).commits).toEqual([]);
  });

  it('combines count with filters', async () => {
    expect(
      unwrap(await gitLog(workspace, { author: 'alice', count: 1 })).commits.map((entry) => entry.message),
    ).toEqual(['third: add a guide']);
  });
});

describe('gitCommit', () => {
  let workspace: WorkspaceImpl;
  beforeEach(async () => ({ workspace } = await repository()));

  it('commits given files as the playground author; the commit comes first in the log', async () => {
    await workspace.writeText('notes.txt', 'new notes\n');
    await workspace.writeText('brand-new.txt', 'hello\n');
    await workspace.writeText('src/app.ts', 'not staged\n');
    const result = unwrap(
      await gitCommit(workspace, { message: 'feat: notes', files: ['notes.txt', './brand-new.txt'] }),
    );
    expect(result.files).toEqual(['brand-new.txt', 'notes.txt']);
    expect(result.oid).toMatch(/^[0-9a-f]{40}$/);
    const log = unwrap(await gitLog(workspace, { count: 1 }));
    expect(log.commits[0]).toMatchObject({
      oid: result.oid,
      message: 'feat: notes',
      author: 'Playground User',
      email: 'playground@example.com',
    });
    const status = unwrap(await gitStatus(workspace));
    expect(status.files.map((file) => file.path)).toEqual(['src/app.ts']);
  });

  it('stages a deleted file given in files', async () => {
    await workspace.remove('docs/guide.md');
    const result = unwrap(await gitCommit(workspace, { message: 'docs: drop guide', files: ['docs/guide.md'] }));
    expect(result.files).toEqual(['docs/guide.md']);
    expect(unwrap(await gitStatus(workspace)).clean).toBe(true);
  });

  it('with all, stages tracked modifications and deletions but not untracked files', async () => {
    await workspace.writeText('notes.txt', 'edited\n');
    await workspace.remove('src/app.ts');
    await workspace.writeText('untracked.txt', 'stay out\n');
    const result = unwrap(await gitCommit(workspace, { message: 'chore: everything', all: true }));
    expect(result.files).toEqual(['notes.txt', 'src/app.ts']);
    expect(unwrap(await gitStatus(workspace)).files).toEqual([
      { path: 'untracked.txt', index: '?', workdir: '?', status: 'untracked' },
    ]);
  });

  it('without files or all, commits what is staged', async () => {
    await workspace.writeText('notes.txt', 'staged\n');
    await add({ fs: workspace.gitFs, dir: '/workspace', filepath: 'notes.txt', cache: workspace.gitCache });
    expect(unwrap(await gitCommit(workspace, { message: 'staged only' })).files).toEqual(['notes.txt']);
  });

  it('refuses with nothing_to_commit when nothing changed', async () => {
    const nothing = await gitCommit(workspace, { message: 'empty' });
    expect(nothing.ok || nothing.code).toBe('nothing_to_commit');
    const unchanged = await gitCommit(workspace, { message: 'empty', files: ['notes.txt'] });
    expect(unchanged.ok || unchanged.code).toBe('nothing_to_commit');
    const all = await gitCommit(workspace, { message: 'empty', all: true });
    expect(all.ok || all.code).toBe('nothing_to_commit');
  });

  it('refuses files outside the workspace, missing files and .git internals', async () => {
    const outside = await gitCommit(workspace, { message: 'x', files: ['../../etc/passwd'] });
    expect(outside.ok || outside.code).toBe('path_outside_workspace');
    expect(outside.ok || outside.message).toContain('files[0]');
    const missing = await gitCommit(workspace, { message: 'x', files: ['nope.txt'] });
    expect(missing.ok || missing.code).toBe('path_not_found');
    const internals = await gitCommit(workspace, { message: 'x', files: ['.git/config'] });
    expect(internals.ok || internals.code).toBe('protected_path');
    const shouting = await gitCommit(workspace, { message: 'x', files: ['.GIT/config'] });
    expect(shouting.ok || shouting.code).toBe('protected_path');
  });

  it('with files, commits only those: other staged changes stay staged, exactly as they were', async () => {
    const base = { fs: workspace.gitFs, dir: '/workspace', cache: workspace.gitCache };
    await workspace.writeText('src/app.ts', 'staged version\n');
    await add({ ...base, filepath: 'src/app.ts' });
    await workspace.writeText('src/app.ts', 'working version\n');
    await workspace.writeText('staged-new.txt', 'new and staged\n');
    await add({ ...base, filepath: 'staged-new.txt' });
    await workspace.remove('docs/guide.md');
    await remove({ ...base, filepath: 'docs/guide.md' });
    await workspace.writeText('notes.txt', 'asked for\n');

    const result = unwrap(await gitCommit(workspace, { message: 'fix: notes only', files: ['notes.txt'] }));
    expect(result.files).toEqual(['notes.txt']);
    const committed = unwrap(await gitDiff(workspace, { commit: 'HEAD~1' }));
    expect(committed.files.map((file) => file.path).sort()).toEqual([
      'docs/guide.md',
      'notes.txt',
      'src/app.ts',
      'staged-new.txt',
    ]);
    const status = unwrap(await gitStatus(workspace));
    expect(status.files.map(({ path, index, workdir }) => ({ path, index, workdir }))).toEqual([
      { path: 'docs/guide.md', index: 'D', workdir: ' ' },
      { path: 'src/app.ts', index: 'M', workdir: 'M' },
      { path: 'staged-new.txt', index: 'A', workdir: ' ' },
    ]);
    const staged = unwrap(await gitDiff(workspace, { staged: true, path: 'src/app.ts' }));
    expect(staged.patch).toContain('+staged version');
    // What was set aside goes in with the next plain commit.
    expect(unwrap(await gitCommit(workspace, { message: 'the rest' })).files).toEqual([
      'docs/guide.md',
      'src/app.ts',
      'staged-new.txt',
    ]);
  });

  it('refuses a requested file that .gitignore excludes, instead of committing without it', async () => {
    await workspace.writeText('.gitignore', '.env\n');
    await workspace.writeText('.env', 'SECRET=1\n');
    const ignored = await gitCommit(workspace, { message: 'x', files: ['.env'] });
    expect(ignored.ok || ignored.code).toBe('git_error');
    expect(ignored.ok || ignored.message).toMatch(/files\[0\].*ignored by \.gitignore/);
    expect(unwrap(await gitLog(workspace, { count: 1 })).commits[0]?.message).toBe('third: add a guide');
  });
});
