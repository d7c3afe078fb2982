import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { gitCommit, gitDiff, gitLog, gitStatus, type GitOutcome } from '../git';
import type { WorkspaceImpl } from '../workspace';
import { SAMPLE_FILES, SAMPLE_HISTORY, SUBMODULE_FILES, createSampleWorkspace, pendingChanges } from './index';
import { loadSampleWorkspace } from './load.node';

/**
 * SHA-256 of every sample file, path and content (JSON of both trees, paths sorted), recorded when the sample
 * moved from TypeScript strings into files. Change it only on purpose, with the sample's files.
 */
const RECORDED_SAMPLE_HASH = 'de4dbfe60b2d250fb1b85756b6d3dbcae72d7c27b8ab241f3714bc93524e8340';
/** The last commit of the sample history, which its files' contents fix (see ./history.ts). */
const RECORDED_HEAD = 'a986d719e654f5db470fccbb80675420325238a7';

const sorted = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));

function unwrap<T>(outcome: GitOutcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.data;
}

describe('sample project files', () => {
  it('are byte for byte the recorded sample', () => {
    const text = JSON.stringify({ sample: sorted(SAMPLE_FILES), submodule: sorted(SUBMODULE_FILES) });
    expect(createHash('sha256').update(text, 'utf8').digest('hex')).toBe(RECORDED_SAMPLE_HASH);
    expect(Object.keys(SAMPLE_FILES)).toHaveLength(58);
    expect(Object.keys(SUBMODULE_FILES)).toEqual(['README.md', 'strings.ts']);
  });

  it('are what npm run bundle generated from the files on disk (run it after editing the sample)', async () => {
    const onDisk = await loadSampleWorkspace();
    expect(SAMPLE_FILES).toStrictEqual(onDisk.sample);
    expect(SUBMODULE_FILES).toStrictEqual(onDisk.submodule);
    // The order the workspace writes them in, too.
    expect(Object.keys(SAMPLE_FILES)).toEqual(Object.keys(onDisk.sample));
  });

  it('keep the characters that are easy to lose: dotfiles, the escaped .gitignore, non-ASCII, final newlines', () => {
    expect(SAMPLE_FILES['.gitignore']).toContain('\n.env\n');
    expect(Object.keys(SAMPLE_FILES).filter((path) => path.endsWith('.escaped'))).toEqual([]);
    expect(SAMPLE_FILES['.env']).toContain('STRIPE_API_KEY=sk_test_FAKE_');
    expect(SAMPLE_FILES['.github/workflows/ci.yml']).toMatch(/^name: CI\n/);
    expect(SAMPLE_FILES['frontend/tests/run.js']).toContain('✓');
    expect(SUBMODULE_FILES['strings.ts']).toContain('…');
    for (const [path, text] of Object.entries({ ...SAMPLE_FILES, ...SUBMODULE_FILES })) {
      expect(text.endsWith('\n'), path).toBe(true);
      expect(text.includes('\r'), path).toBe(false);
    }
  });
});

describe('sample project, clean', () => {
  let workspace: WorkspaceImpl;
  beforeAll(async () => {
    workspace = await createSampleWorkspace({ pendingChanges: false });
  });

  it('has a history of about 20 commits by at least two authors, spread over weeks', async () => {
    const log = unwrap(await gitLog(workspace, { count: 100 }));
    expect(log.commits.length).toBeGreaterThanOrEqual(18);
    expect(log.commits.length).toBe(SAMPLE_HISTORY.length);
    expect(new Set(log.commits.map((entry) => entry.email)).size).toBeGreaterThanOrEqual(2);
    const times = log.commits.map((entry) => Date.parse(entry.date));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * 86_400_000);
    expect([...times].sort((left, right) => right - left)).toEqual(times);
  });

  it('leaves the working tree clean and equal to the sample files', async () => {
    expect(unwrap(await gitStatus(workspace))).toMatchObject({ branch: 'main', clean: true });
    for (const [path, text] of Object.entries(SAMPLE_FILES)) expect(await workspace.readText(path)).toBe(text);
  });

  it('is deterministic: the same commit ids every build', async () => {
    const again = await createSampleWorkspace({ pendingChanges: false });
    const first = unwrap(await gitLog(workspace, { count: 100 })).commits.map((entry) => entry.oid);
    const second = unwrap(await gitLog(again, { count: 100 })).commits.map((entry) => entry.oid);
    expect(second).toEqual(first);
    expect(first[0]).toBe(RECORDED_HEAD);
  });

  it('keeps .env out of git (ignored) but in the workspace, with fake values', async () => {
    expect(await workspace.readText('.env')).toMatch(/FAKE|fake/);
    const log = unwrap(await gitLog(workspace, { path: '.env' }));
    expect(log.commits).toEqual([]);
  });
});

describe('sample project, as first visited', () => {
  let workspace: WorkspaceImpl;
  beforeAll(async () => {
    workspace = await createSampleWorkspace();
  });

  it('has the files the schema examples name', async () => {
    const needed = [
      'README.md',
      'src/Program.cs',
      'data.txt',
      'file.txt',
      'temp.txt',
      'old/deprecated.cs',
      'OldClass.cs',
      'temp/file.txt',
      'config.json',
      'src/Services/UserService.cs',
      'tests/UserTests.cs',
      'src/UserService.cs',
      'tests/UserServiceTests.cs',
      'src/main.cs',
      'frontend/package.json',
      'app.js',
      'src/index.ts',
      'package.json',
      'tsconfig.json',
      '.editorconfig',
      '.github/workflows/ci.yml',
      '.gitignore',
      '.env',
      'submodule/README.md',
    ];
    for (const path of needed) expect(await workspace.exists(path), path).toBe(true);
    expect(await workspace.isDirectory('src/infrastructure')).toBe(true);
    expect((await workspace.readText('src/Program.cs')).split('\n').length).toBeGreaterThan(100);
    expect((await workspace.readText('file.txt')).split('\n').length).toBeGreaterThan(20);
    expect(/^[\x20-\x7e\n]*$/.test(await workspace.readText('data.txt'))).toBe(true);
  });

  it('puts symbols where the get_definition examples point', async () => {
    const service = (await workspace.readText('src/Services/UserService.cs')).split('\n');
    expect(service[24]!.slice(9)).toMatch(/^repository\b/); // line 25, column 10: inside _repository
    const tests = (await workspace.readText('tests/UserTests.cs')).split('\n');
    expect(tests[14]!.slice(19)).toMatch(/^UserFactory\b/); // line 15, column 20
  });

  it('has what the find_symbol and search_files examples look for', async () => {
    const run = async (command: string) =>
      (await workspace.runShell(command, { cwd: '/workspace', timeoutMs: 5000 })).stdout;
    expect(await run('grep -rl "class UserService" src')).toContain('src/Services/UserService.cs');
    expect(await run('grep -rn "HandleLogin(" src')).toContain('AuthService.cs');
    expect(await run('grep -rn "class DbContext" src')).toContain('src/infrastructure/DbContext.cs');
    expect(await run('grep -rn TODO src')).not.toBe('');
    expect(await run('grep -rln "public class" src --include=*.cs')).not.toBe('');
    expect(await run('grep -rlE "^import.*React" frontend --include=*.tsx')).toContain('App.tsx');
  });

  it('leaves work in progress: a staged file and unstaged edits', async () => {
    const status = unwrap(await gitStatus(workspace));
    const pending = pendingChanges();
    expect(status.files.filter((file) => file.index === 'A').map((file) => file.path)).toEqual(
      Object.keys(pending.staged),
    );
    expect(
      status.files
        .filter((file) => file.workdir === 'M')
        .map((file) => file.path)
        .sort(),
    ).toEqual(Object.keys(pending.unstaged).sort());
  });

  it('lets every git example work on the first try', async () => {
    expect(unwrap(await gitDiff(workspace)).files.length).toBeGreaterThan(0);
    expect(unwrap(await gitDiff(workspace, { staged: true })).files.length).toBe(1);
    expect(unwrap(await gitDiff(workspace, { path: 'src/main.cs' })).files).toHaveLength(1);
    expect(unwrap(await gitDiff(workspace, { commit: 'HEAD~1' })).files.length).toBeGreaterThan(0);
    expect(unwrap(await gitLog(workspace)).commits).toHaveLength(10);
    expect(unwrap(await gitLog(workspace, { count: 20 })).commits).toHaveLength(20);
    expect(unwrap(await gitLog(workspace, { path: 'src/main.cs', count: 5 })).commits).toHaveLength(5);
    expect(unwrap(await gitLog(workspace, { author: 'john@example.com' })).commits.length).toBeGreaterThan(3);
    const nested = unwrap(await gitStatus(workspace, 'submodule/'));
    expect(nested).toMatchObject({ branch: 'main', clean: true });

    // Each commit example on its own fresh sample.
    const staged = await createSampleWorkspace();
    expect(unwrap(await gitCommit(staged, { message: 'feat: add user authentication' })).files).toEqual([
      'src/Middleware/AuthenticationMiddleware.cs',
    ]);
    const chosen = await createSampleWorkspace();
    const chosenFiles = ['src/UserService.cs', 'tests/UserServiceTests.cs'];
    expect(
      unwrap(await gitCommit(chosen, { message: 'fix: resolve null reference in UserService', files: chosenFiles }))
        .files,
    ).toEqual(expect.arrayContaining(chosenFiles));
    const everything = await createSampleWorkspace();
    expect(unwrap(await gitCommit(everything, { message: 'chore: update dependencies', all: true })).files).toContain(
      'package.json',
    );
  });
});
