import { describe, expect, it } from 'vitest';
import { gitLog, gitStatus } from '../git';
import { createSampleWorkspace } from '../sample';

const shell = async () => {
  const workspace = await createSampleWorkspace();
  const run = (command: string, cwd = '/workspace') => workspace.runShell(command, { cwd, timeoutMs: 20_000 });
  return { workspace, run };
};

describe('the shell git command', () => {
  it('answers git status as git does, on the repository the git tools use', async () => {
    const { run } = await shell();
    const result = await run('git status');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^On branch main\n/);
    expect(result.stdout).toContain('Changes to be committed:');
    expect(result.stdout).toContain('Changes not staged for commit:');
    expect((await run('git status --short')).stdout).toMatch(/^M  |^ M |^A  /m);
  });

  it('commits with git add -A && git commit -m, and the git tools see the commit', async () => {
    const { workspace, run } = await shell();
    const result = await run('echo "# Notes" > docs/notes.md && git add -A && git commit -m "Add notes"');
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^\[main [0-9a-f]{7}\] Add notes\n/);
    const log = await gitLog(workspace, { count: 1 });
    expect(log.ok && log.data.commits[0]?.message.trim()).toBe('Add notes');
    const status = await gitStatus(workspace);
    expect(status.ok && status.data.clean).toBe(true);
    expect((await run('git log --oneline -1')).stdout).toMatch(/^[0-9a-f]{7} Add notes\n$/);
    expect((await run('git commit -m again')).exitCode).toBe(1);
  });

  it('diffs, shows, branches, switches, unstages and restores', async () => {
    const { run } = await shell();
    expect((await run('git diff')).stdout).toMatch(/^diff --git /);
    expect((await run('git diff --staged --name-only')).stdout).toContain('src/Middleware/AuthenticationMiddleware.cs');
    expect((await run('git reset')).exitCode).toBe(0);
    expect((await run('git diff --staged')).stdout).toBe('');
    await run('git add -A && git commit -m "Work in progress"');
    expect((await run('git switch -c feature/x')).stderr).toBe("Switched to a new branch 'feature/x'\n");
    expect((await run('git branch')).stdout).toContain('* feature/x');
    expect((await run('git show')).stdout).toMatch(/^commit [0-9a-f]{40}\n/);
    await run('echo changed > README.md');
    expect((await run('git status -s')).stdout).toContain(' M README.md');
    await run('git restore README.md');
    expect((await run('git status -s')).stdout).toBe('');
  });

  it('git checkout -- <paths> restores files from the index, as git does', async () => {
    const { run } = await shell();
    await run('git add -A && git commit -m "Clean start"');
    const committed = (await run('cat README.md')).stdout;
    await run('echo changed > README.md');
    const restored = await run('git checkout -- README.md');
    expect(restored).toMatchObject({ exitCode: 0, stderr: '' });
    expect((await run('cat README.md')).stdout).toBe(committed);
    expect((await run('git status -s')).stdout).toBe('');
    // A staged change survives: the file comes back from the index, not from the last commit.
    await run('echo staged > README.md && git add README.md && echo unstaged > README.md');
    expect((await run('git checkout -- README.md')).exitCode).toBe(0);
    expect((await run('cat README.md')).stdout).toBe('staged\n');
    expect((await run('git status -s')).stdout).toBe('M  README.md\n');
    // A path without -- that names no branch or revision is a path too.
    await run('echo again > README.md');
    expect((await run('git checkout README.md')).exitCode).toBe(0);
    expect((await run('cat README.md')).stdout).toBe('staged\n');
  });

  it('restores deleted files under a directory, takes a revision, and refuses a path git does not know', async () => {
    const { run } = await shell();
    await run('git add -A && git commit -m "Clean start"');
    const listing = (await run('ls src')).stdout;
    await run('rm -r src');
    expect((await run('git checkout -- src')).exitCode).toBe(0);
    expect((await run('ls src')).stdout).toBe(listing);
    expect((await run('git status -s')).stdout).toBe('');
    const committed = (await run('cat README.md')).stdout;
    await run('echo staged > README.md && git add README.md');
    expect((await run('git checkout HEAD -- README.md')).exitCode).toBe(0);
    expect((await run('cat README.md')).stdout).toBe(committed);
    expect((await run('git status -s')).stdout).toBe('');
    const missing = await run('git checkout -- README.md nothing-here.txt');
    expect(missing).toMatchObject({
      exitCode: 1,
      stderr: "error: pathspec 'nothing-here.txt' did not match any file(s) known to git\n",
    });
    expect((await run('git checkout no-such-branch')).stderr).toContain("pathspec 'no-such-branch' did not match");
    expect((await run('git checkout -b topic')).stderr).toBe("Switched to a new branch 'topic'\n");
    expect((await run('git checkout main')).exitCode).toBe(0);
    expect((await run('git branch')).stdout).toContain('* main');
  });

  it('says what is not available instead of pretending', async () => {
    const { run } = await shell();
    const push = await run('git push origin main');
    expect(push.exitCode).toBe(1);
    expect(push.stderr).toContain("git: 'push' is not available in the browser workspace");
    expect((await run('git commit')).stderr).toContain('no commit message given');
  });
});
