import { describe, expect, it } from 'vitest';
import { dataOf, sampleBench } from '../bench.test-support';
import { branchNameProblem, tool as createBranch } from './create_branch';
import { tool as createPullRequest } from './create_pull_request';
import { tool as getBranches } from './get_branches';
import { tool as getDiff } from './get_diff';
import { tool as gitCommit } from './git_commit';

describe('GitCommit', () => {
  it('stages every change by default, new files included, and answers as the seed does', async () => {
    const bench = await sampleBench();
    await bench.write('docs/new.md', 'new\n');
    const outcome = await bench.run(gitCommit, { message: 'Add notes' });
    expect(outcome.success).toBe(true);
    expect(outcome.message).toMatch(/^Committed: [0-9a-f]{7} - Add notes$/);
    expect(dataOf(outcome, 'commit').files).toContain('docs/new.md');
    expect((await bench.run(gitCommit, { message: 'Again' })).errorCode).toBe('nothing_to_commit');
  });

  it('with stageAll false commits only what is staged', async () => {
    const bench = await sampleBench();
    const outcome = await bench.run(gitCommit, { message: 'Staged only', stageAll: false });
    expect(outcome.success).toBe(true);
    expect(dataOf(outcome, 'commit').files).toEqual(['src/Middleware/AuthenticationMiddleware.cs']);
  });
});

describe('branches, diffs and pull requests', () => {
  it('checks branch names the way git does', () => {
    expect(branchNameProblem('feature/PROJ-1')).toBeNull();
    for (const bad of ['a..b', 'a b', '/a', 'a/', 'a.lock', 'a//b', '-a', '.hidden', 'a@{1}'])
      expect(branchNameProblem(bad)).not.toBeNull();
  });

  it('creates and lists branches, refusing a name that exists', async () => {
    const bench = await sampleBench({ pendingChanges: false });
    expect((await bench.run(createBranch, { branchName: 'feature/x' })).success).toBe(true);
    const listed = await bench.run(getBranches, {});
    expect(dataOf(listed, 'output').text).toMatch(/^\* feature\/x/m);
    expect(listed.message).toContain('on feature/x');
    expect((await bench.run(createBranch, { branchName: 'feature/x' })).errorCode).toBe('already_exists');
    expect(dataOf(await bench.run(getBranches, { pattern: 'feature/*' }), 'output').facts).toContainEqual({
      label: 'Branches',
      value: '1',
    });
  });

  it('diffs two commits, the working tree, and one path', async () => {
    const bench = await sampleBench();
    const working = await bench.run(getDiff, {});
    expect(dataOf(working, 'diff').files.map((file) => file.path)).toContain('src/UserService.cs');
    const range = await bench.run(getDiff, { fromCommit: 'HEAD~1', toCommit: 'HEAD' });
    expect(range.success).toBe(true);
    expect(dataOf(range, 'diff').patch).toMatch(/^diff --git /);
    const unknown = await bench.run(getDiff, { fromCommit: 'nope' });
    expect(unknown).toMatchObject({ success: false, errorCode: 'unknown_revision' });
    expect(unknown.error).toMatch(/^Parameter 'fromCommit'/);
    expect((await bench.run(getDiff, { filePath: '../x' })).errorCode).toBe('path_outside_workspace');
  });

  it('opens a pull request from a branch with commits, once, and stores it with the workspace', async () => {
    const bench = await sampleBench();
    expect((await bench.run(createPullRequest, { title: 'Nothing yet' })).errorCode).toBe('validation_failed');
    await bench.run(createBranch, { branchName: 'feature/auth' });
    expect((await bench.run(createPullRequest, { title: 'Empty' })).errorCode).toBe('no_changes');
    await bench.run(gitCommit, { message: 'Auth middleware' });
    const opened = await bench.run(createPullRequest, { title: 'Add auth middleware', description: 'Adds it.' });
    expect(opened.success).toBe(true);
    expect(opened.message).toMatch(
      /^Created pull request #1: Add auth middleware \(feature\/auth → main\), \d+ file\(s\) changed/,
    );
    expect((await bench.run(createPullRequest, { title: 'Twice' })).errorCode).toBe('already_exists');
    const stored = JSON.parse(await bench.workspace.fs.readFile('/workspace/.git/prfactory/pull-requests.json')) as {
      number: number;
    }[];
    expect(stored.map((pull) => pull.number)).toEqual([1]);
    expect(await bench.workspace.listFiles()).not.toContain('.git/prfactory/pull-requests.json');
  });
});
