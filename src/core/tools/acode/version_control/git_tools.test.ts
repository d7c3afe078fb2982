import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '../../../runtime/types';
import { writeSampleProject, type SampleOptions } from '../../../workspace/sample';
import { createTestBench } from '../../support/context.test-support';
import { tool as gitCommit } from './git_commit';
import { tool as gitDiff } from './git_diff';
import { tool as gitLog } from './git_log';
import { tool as gitStatus } from './git_status';

async function sampleBench(options: SampleOptions = {}) {
  const bench = await createTestBench();
  await writeSampleProject(bench.workspace, options);
  return bench;
}

function dataOf<K extends NonNullable<ToolOutcome['data']>['kind']>(
  outcome: ToolOutcome,
  kind: K,
): Extract<NonNullable<ToolOutcome['data']>, { kind: K }> {
  if (outcome.data?.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  return outcome.data as Extract<NonNullable<ToolOutcome['data']>, { kind: K }>;
}

describe('git_status', () => {
  it('lists staged and unstaged work in progress', async () => {
    const bench = await sampleBench();
    const outcome = await bench.run(gitStatus, {});
    expect(outcome.success).toBe(true);
    const status = dataOf(outcome, 'git_status');
    expect(status.branch).toBe('main');
    expect(status.clean).toBe(false);
    expect(status.files.find((file) => file.path === 'src/Middleware/AuthenticationMiddleware.cs')).toMatchObject({
      index: 'A',
      status: 'added',
    });
    expect(status.files.find((file) => file.path === 'src/UserService.cs')).toMatchObject({
      index: ' ',
      workdir: 'M',
      status: 'modified',
    });
    expect(outcome.message).toMatch(/^On branch main: \d+ changed files \(1 staged, 4 unstaged, \d+ untracked\)$/);
  });

  it('limits the listing to a path and reports a clean tree', async () => {
    const bench = await sampleBench();
    const inTests = dataOf(await bench.run(gitStatus, { path: 'tests' }), 'git_status');
    expect(inTests.files.map((file) => file.path)).toEqual(['tests/UserServiceTests.cs']);
    const clean = await sampleBench({ pendingChanges: false });
    const outcome = await clean.run(gitStatus, { path: 'src' });
    expect(dataOf(outcome, 'git_status').clean).toBe(true);
    expect(outcome.message).toContain('working tree clean');
    expect((await clean.run(gitStatus, { path: '../outside' })).errorCode).toBe('path_outside_workspace');
    expect((await clean.run(gitStatus, { path: 'no/such/dir' })).errorCode).toBe('path_not_found');
    // A file deleted from the working tree is still reported.
    await clean.workspace.remove('README.md');
    expect(dataOf(await clean.run(gitStatus, { path: 'README.md' }), 'git_status').files).toEqual([
      { path: 'README.md', index: ' ', workdir: 'D', status: 'deleted' },
    ]);
    const nested = dataOf(await clean.run(gitStatus, { path: 'submodule/' }), 'git_status');
    expect(nested.clean).toBe(true);
  });
});

describe('git flow: write, status, commit, log, diff', () => {
  it('commits a new file and shows it first in the log', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    await bench.write('notes/todo.md', '- ship the playground\n');
    const before = dataOf(await bench.run(gitStatus, {}), 'git_status');
    expect(before.files).toContainEqual({ path: 'notes/todo.md', index: '?', workdir: '?', status: 'untracked' });

    const commit = await bench.run(gitCommit, { message: 'docs: add todo list', files: ['notes/todo.md'] });
    expect(commit.success).toBe(true);
    const committed = dataOf(commit, 'commit');
    expect(committed.files).toEqual(['notes/todo.md']);
    expect(committed.oid).toMatch(/^[0-9a-f]{40}$/);
    expect(commit.message).toBe(`Committed 1 file as ${committed.oid.slice(0, 7)}: docs: add todo list`);

    const log = dataOf(await bench.run(gitLog, { count: 2 }), 'log');
    expect(log.commits.map((entry) => entry.message)).toEqual([
      'docs: add todo list',
      'test: front-end utilities tested with plain node; app.js prints its configuration',
    ]);
    expect(log.commits[0]!.oid).toBe(committed.oid);

    const after = dataOf(await bench.run(gitStatus, {}), 'git_status');
    expect(after.files.map((file) => file.path)).not.toContain('notes/todo.md');
    const diff = await bench.run(gitDiff, { path: 'notes/todo.md' });
    expect(dataOf(diff, 'diff')).toEqual({ kind: 'diff', patch: '', files: [] });
    expect(diff.message).toContain('No differences');
  });

  it('commits every tracked change with all, leaving untracked files out', async () => {
    const bench = await sampleBench();
    await bench.write('scratch.txt', 'not tracked');
    const committed = dataOf(await bench.run(gitCommit, { message: 'wip: everything', all: true }), 'commit');
    expect(committed.files).toEqual([
      'package.json',
      'src/Middleware/AuthenticationMiddleware.cs',
      'src/UserService.cs',
      'src/main.cs',
      'tests/UserServiceTests.cs',
    ]);
    const status = dataOf(await bench.run(gitStatus, {}), 'git_status');
    expect(status.files.every((file) => file.status === 'untracked')).toBe(true);
    expect(status.files.map((file) => file.path)).toContain('scratch.txt');
  });

  it('reports nothing_to_commit when nothing is staged or changed', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    const staged = await bench.run(gitCommit, { message: 'empty' });
    expect(staged.success).toBe(false);
    expect(staged.errorCode).toBe('nothing_to_commit');
    expect(staged.error).toContain("Pass 'files'");
    expect((await bench.run(gitCommit, { message: 'empty', all: true })).errorCode).toBe('nothing_to_commit');
    expect((await bench.run(gitCommit, { message: 'unchanged', files: ['README.md'] })).errorCode).toBe(
      'nothing_to_commit',
    );
  });

  it('refuses bad commit arguments', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    expect((await bench.run(gitCommit, { message: '   ' })).error).toContain("'message'");
    expect((await bench.run(gitCommit, { message: 'x', files: ['../etc/passwd'] })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(gitCommit, { message: 'x', files: ['no/such/file.txt'] })).errorCode).toBe(
      'path_not_found',
    );
  });

  it('says git internals are protected (not outside the workspace), also before approval', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    for (const file of ['.git/x', '.git/config', '.GIT/HEAD']) {
      const outcome = await bench.run(gitCommit, { message: 'x', files: [file] });
      expect(outcome.errorCode, file).toBe('protected_path');
      expect(outcome.error).toContain(".git directory, which holds git's own data");
      expect((await gitCommit.precheck?.({ message: 'x', files: [file] }, bench.context()))?.errorCode).toBe(
        'protected_path',
      );
    }
    expect(await gitCommit.precheck?.({ message: 'x', files: ['README.md'] }, bench.context())).toBeNull();
  });
});

describe('git_diff', () => {
  it('shows unstaged edits as a unified patch with counts', async () => {
    const bench = await sampleBench();
    const outcome = await bench.run(gitDiff, {});
    const diff = dataOf(outcome, 'diff');
    expect(diff.files.map((file) => file.path)).toEqual([
      'package.json',
      'src/UserService.cs',
      'src/main.cs',
      'tests/UserServiceTests.cs',
    ]);
    expect(diff.files.find((file) => file.path === 'package.json')).toEqual({
      path: 'package.json',
      additions: 1,
      deletions: 1,
    });
    expect(diff.patch).toContain('diff --git a/package.json b/package.json');
    expect(diff.patch).toContain('+    "typescript": "^5.5.4"');
    expect(outcome.message).toMatch(/^4 files changed, \+\d+ −\d+: unstaged changes/);
  });

  it('shows only staged changes with staged, and limits to a path', async () => {
    const bench = await sampleBench();
    const staged = dataOf(await bench.run(gitDiff, { staged: true }), 'diff');
    expect(staged.files.map((file) => file.path)).toEqual(['src/Middleware/AuthenticationMiddleware.cs']);
    expect(staged.patch).toContain('new file mode');
    const onePath = dataOf(await bench.run(gitDiff, { path: 'src/main.cs' }), 'diff');
    expect(onePath.files.map((file) => file.path)).toEqual(['src/main.cs']);
  });

  it('compares the working tree against HEAD~1', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    const diff = dataOf(await bench.run(gitDiff, { commit: 'HEAD~1' }), 'diff');
    // The last commit (front-end tests run with node) touched exactly these files.
    expect(diff.files.map((file) => file.path)).toEqual([
      'app.js',
      'frontend/build.js',
      'frontend/package.json',
      'frontend/src/labels.js',
      'frontend/src/taskStats.js',
      'frontend/tests/labels.test.js',
      'frontend/tests/run.js',
      'frontend/tests/taskStats.test.js',
    ]);
    const head = dataOf(await bench.run(gitDiff, { commit: 'HEAD' }), 'diff');
    expect(head.files).toEqual([]);
  });

  it('reports an unknown revision', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    const outcome = await bench.run(gitDiff, { commit: 'no-such-branch' });
    expect(outcome.success).toBe(false);
    expect(outcome.errorCode).toBe('unknown_revision');
    expect(outcome.error).toContain("Parameter 'commit'");
    expect((await bench.run(gitDiff, { commit: 'HEAD~500' })).errorCode).toBe('unknown_revision');
  });
});

describe('git_log', () => {
  it('honours count, path and author', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    const three = await bench.run(gitLog, { count: 3 });
    expect(dataOf(three, 'log').commits).toHaveLength(3);
    expect(three.message).toMatch(/^3 commits; latest [0-9a-f]{7} test: front-end utilities tested with plain node/);
    const byPriya = dataOf(await bench.run(gitLog, { author: 'priya', count: 100 }), 'log');
    expect(byPriya.commits.length).toBeGreaterThan(0);
    expect(byPriya.commits.every((entry) => entry.email === 'priya@example.com')).toBe(true);
    const mainFile = dataOf(await bench.run(gitLog, { path: 'src/main.cs', count: 2 }), 'log');
    expect(mainFile.commits.map((entry) => entry.message)).toEqual([
      'feat: remind 24 hours before the due date',
      'perf: run reminders every 15 minutes',
    ]);
    const nobody = await bench.run(gitLog, { author: 'nobody-at-all' });
    expect(dataOf(nobody, 'log').commits).toEqual([]);
    expect(nobody.message).toBe("No commits by 'nobody-at-all'");
    expect((await bench.run(gitLog, { count: 0 })).error).toContain("'count'");
  });
});

describe('summaries and risk', () => {
  it('describes each call in one line', () => {
    expect(gitCommit.summarize({ message: 'fix: bug', files: ['a.ts', 'b.ts'] })).toBe("Commit 2 files: 'fix: bug'");
    expect(gitCommit.summarize({ message: 'chore: deps', all: true })).toBe(
      "Commit all tracked changes: 'chore: deps'",
    );
    expect(gitCommit.summarize({ message: 'feat: x' })).toBe("Commit staged changes: 'feat: x'");
    expect(gitDiff.summarize({ commit: 'HEAD~1', path: 'src' })).toBe(
      "Show diff of working tree against 'HEAD~1' in 'src'",
    );
    expect(gitDiff.summarize({ staged: true })).toBe('Show diff of staged changes');
    expect(gitLog.summarize({ count: 5, author: 'jane' })).toBe("Show last 5 commits by 'jane'");
    expect(gitStatus.summarize({})).toBe('Show git status');
  });

  it('rates a commit as medium risk', async () => {
    const bench = await createTestBench();
    expect(await gitCommit.effectiveRisk!({ message: 'x' }, bench.workspace)).toBe('medium');
  });
});
