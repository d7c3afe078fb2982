// Workspace figures: building a 5,000-file workspace, git status over 2,000 tracked files, git log
// (count 100) over 1,000 commits, the sample project's build, the cold start of the shell and git, and
// the start of the workspace's `node` (bench-node-start.ts), and the shell's loops beside just-bash alone
// (bench-shell-loops.ts).
// Run alone with `tsx scripts/bench-workspace.ts`, or through `npm run bench`.
import { pathToFileURL } from 'node:url';
import { add, commit, init, readCommit, writeCommit, writeRef } from 'isomorphic-git';
import { gitLog, gitStatus } from '../src/core/workspace/git';
import { createSampleWorkspace } from '../src/core/workspace/sample';
import { createWorkspace, type WorkspaceImpl } from '../src/core/workspace/workspace';
import { benchNodeStart } from './bench-node-start';
import { benchShellLoops } from './bench-shell-loops';

// git status and git log: the aims the execution issue sets (≤ 300 ms, ≤ 100 ms); the rest are ours.
const TARGETS = {
  write5000FilesMs: 1000,
  gitStatus2000FilesMs: 300,
  gitLog100Of1000CommitsMs: 100,
  sampleBuildMs: 1000,
  shellColdStartMs: 200,
  gitColdStartMs: 500,
};

const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number) => Number(value.toFixed(1));

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

async function medianOf(rounds: number, action: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < rounds; index += 1) samples.push(await timed(action));
  return round(median(samples));
}

/** `count` small source-like files spread over 50 directories. */
async function writeFiles(workspace: WorkspaceImpl, count: number, prefix: string): Promise<string[]> {
  const paths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const path = `${prefix}/module${index % 50}/file${index}.ts`;
    await workspace.writeText(path, `export const value${index} = ${index};\n// line two of file ${index}\n`);
    paths.push(path);
  }
  return paths;
}

export async function benchWorkspace(): Promise<object> {
  // 5,000 files written through the workspace API.
  const writeSamples: number[] = [];
  for (let round_ = 0; round_ < 3; round_ += 1) {
    const workspace = await createWorkspace();
    writeSamples.push(await timed(() => writeFiles(workspace, 5000, 'src')));
  }
  const write5000FilesMs = round(median(writeSamples));

  // git status over 2,000 tracked files, 20 of them modified, in a 5,000-file workspace.
  const statusWorkspace = await createWorkspace();
  const base = { fs: statusWorkspace.gitFs, dir: '/workspace', cache: statusWorkspace.gitCache };
  await init({ ...base, defaultBranch: 'main' });
  const tracked = await writeFiles(statusWorkspace, 2000, 'src');
  await add({ ...base, filepath: tracked });
  await commit({
    ...base,
    message: 'bench: 2,000 files',
    author: { name: 'Bench', email: 'bench@example.com', timestamp: 1_700_000_000, timezoneOffset: 0 },
  });
  await writeFiles(statusWorkspace, 3000, 'untracked-but-ignored');
  await statusWorkspace.writeText('.gitignore', 'untracked-but-ignored/\n');
  for (const path of tracked.slice(0, 20)) await statusWorkspace.writeText(path, 'changed\n');
  const firstStatus = await gitStatus(statusWorkspace);
  const statusFilesReported = firstStatus.ok ? firstStatus.data.files.length : -1;
  const gitStatus2000FilesMs = await medianOf(ROUNDS, () => gitStatus(statusWorkspace));
  // CPU time of this process too: on a busy machine the wall-clock figure says more about the neighbours.
  const cpuSamples: number[] = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    const before = process.cpuUsage();
    await gitStatus(statusWorkspace);
    const used = process.cpuUsage(before);
    cpuSamples.push((used.user + used.system) / 1000);
  }
  const gitStatus2000FilesCpuMs = round(median(cpuSamples));

  // git log over 1,000 commits (written directly as objects), count 100, plain and filtered by author.
  const logWorkspace = await createWorkspace();
  const logBase = { fs: logWorkspace.gitFs, dir: '/workspace', cache: logWorkspace.gitCache };
  await init({ ...logBase, defaultBranch: 'main' });
  await logWorkspace.writeText('README.md', '# bench\n');
  await add({ ...logBase, filepath: 'README.md' });
  let parent = await commit({
    ...logBase,
    message: 'root',
    author: { name: 'Bench', email: 'bench@example.com', timestamp: 1_700_000_000, timezoneOffset: 0 },
  });
  const { tree } = (await readCommit({ ...logBase, oid: parent })).commit;
  for (let index = 1; index < 1000; index += 1) {
    const person =
      index % 3 === 0 ? { name: 'Ada', email: 'ada@example.com' } : { name: 'Grace', email: 'grace@example.com' };
    const signature = { ...person, timestamp: 1_700_000_000 + index * 600, timezoneOffset: 0 };
    parent = await writeCommit({
      ...logBase,
      commit: { message: `change ${index}\n`, tree, parent: [parent], author: signature, committer: signature },
    });
  }
  await writeRef({ ...logBase, ref: 'refs/heads/main', value: parent, force: true });
  const gitLog100Of1000CommitsMs = await medianOf(ROUNDS, () => gitLog(logWorkspace, { count: 100 }));
  const gitLogAuthorFilterMs = await medianOf(ROUNDS, () => gitLog(logWorkspace, { count: 100, author: 'ada' }));

  // Sample build, then the first shell command and the first git status in a fresh workspace.
  const sampleSamples: number[] = [];
  const shellSamples: number[] = [];
  const gitSamples: number[] = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    let sample: WorkspaceImpl | undefined;
    sampleSamples.push(await timed(async () => (sample = await createSampleWorkspace())));
    const fresh = sample!;
    shellSamples.push(await timed(() => fresh.runShell('ls | wc -l', { cwd: '/workspace', timeoutMs: 5000 })));
    fresh.gitCache = {};
    gitSamples.push(await timed(() => gitStatus(fresh)));
  }
  const sampleBuildMs = round(median(sampleSamples));
  const shellColdStartMs = round(median(shellSamples));
  const gitColdStartMs = round(median(gitSamples));

  const figures = {
    write5000FilesMs,
    gitStatus2000FilesMs,
    gitLog100Of1000CommitsMs,
    sampleBuildMs,
    shellColdStartMs,
    gitColdStartMs,
  };
  return {
    targets: TARGETS,
    note: `median of ${ROUNDS} runs (3 for writing files); cold start = first command in a freshly built sample workspace`,
    ...figures,
    gitStatus2000FilesCpuMs,
    gitStatusFilesReported: statusFilesReported,
    gitLogAuthorFilterMs,
    // The workspace's `node`: context + prelude + console.log(1), and the first require of each built-in.
    node: await benchNodeStart(),
    // A 1,000-iteration loop in the workspace shell and in just-bash alone, CPU time side by side.
    shellLoops: await benchShellLoops(),
    withinTarget: Object.fromEntries(
      Object.entries(figures).map(([name, value]) => [name, value <= TARGETS[name as keyof typeof TARGETS]]),
    ),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchWorkspace(), null, 2));
}
