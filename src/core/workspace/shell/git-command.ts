/**
 * The workspace shell's `git`, over the same isomorphic-git repository the git tools use, so an agent's
 * usual `git add -A && git commit -m …` works in a command and the tools see the result. It covers the
 * everyday porcelain (status, diff, log, show, add, rm, commit, branch, checkout/switch, restore, reset)
 * and prints what git prints closely enough for a model that knows git; anything else says it is not there.
 */
import { add, branch, checkout, currentBranch, listBranches, remove, resetIndex, statusMatrix } from 'isomorphic-git';
import { defineCommand, type Command, type ExecResult } from 'just-bash';
import { gitCommit, gitContext, gitDiff, gitLog, gitStatus, resolveRevision } from '../git';
import { WORKSPACE_ROOT, type Workspace } from '../types';
import { restorePaths } from './git-paths';

const SUPPORTED = [
  'status',
  'diff',
  'log',
  'show',
  'add',
  'rm',
  'commit',
  'branch',
  'checkout',
  'switch',
  'restore',
  'reset',
];
const out = (stdout: string, exitCode = 0): ExecResult => ({ stdout, stderr: '', exitCode });
const err = (stderr: string, exitCode = 1): ExecResult => ({
  stdout: '',
  stderr: stderr.endsWith('\n') ? stderr : `${stderr}\n`,
  exitCode,
});

/** A path given relative to the command's directory, as git takes it, made workspace-relative. */
function repoPath(cwd: string, path: string): string | null {
  const absolute = path.startsWith('/') ? path : `${cwd}/${path}`;
  const parts: string[] = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const joined = `/${parts.join('/')}`;
  if (joined === WORKSPACE_ROOT) return '.';
  return joined.startsWith(`${WORKSPACE_ROOT}/`) ? joined.slice(WORKSPACE_ROOT.length + 1) : null;
}

async function status(workspace: Workspace, args: string[]): Promise<ExecResult> {
  const result = await gitStatus(workspace);
  if (!result.ok) return err(`fatal: ${result.message}`, 128);
  const { branch: name, files } = result.data;
  if (args.includes('-s') || args.includes('--short') || args.includes('--porcelain')) {
    return out(files.map((file) => `${file.index}${file.workdir} ${file.path}\n`).join(''));
  }
  const staged = files.filter((file) => file.index !== ' ' && file.index !== '?');
  const unstaged = files.filter((file) => file.workdir !== ' ' && file.workdir !== '?');
  const untracked = files.filter((file) => file.index === '?');
  const word = (code: string) => (code === 'A' ? 'new file:   ' : code === 'D' ? 'deleted:    ' : 'modified:   ');
  const lines = [`On branch ${name}`];
  if (staged.length > 0)
    lines.push('Changes to be committed:', ...staged.map((file) => `\t${word(file.index)}${file.path}`), '');
  if (unstaged.length > 0)
    lines.push('Changes not staged for commit:', ...unstaged.map((file) => `\t${word(file.workdir)}${file.path}`), '');
  if (untracked.length > 0) lines.push('Untracked files:', ...untracked.map((file) => `\t${file.path}`), '');
  if (files.length === 0) lines.push('nothing to commit, working tree clean');
  return out(`${lines.join('\n')}\n`);
}

async function diff(workspace: Workspace, cwd: string, args: string[]): Promise<ExecResult> {
  const separator = args.indexOf('--');
  const paths = separator === -1 ? [] : args.slice(separator + 1);
  const options = separator === -1 ? args : args.slice(0, separator);
  const staged = options.includes('--staged') || options.includes('--cached');
  const revisions = options.filter((option) => !option.startsWith('-'));
  const path = paths[0] ? repoPath(cwd, paths[0]) : null;
  const result = await gitDiff(workspace, {
    staged,
    ...(revisions[0] ? { commit: revisions[0] } : {}),
    ...(revisions[1] ? { to: revisions[1] } : {}),
    ...(path ? { path } : {}),
  });
  if (!result.ok) return err(`fatal: ${result.message}`, 128);
  if (options.includes('--stat'))
    return out(
      result.data.files
        .map(
          (file) =>
            ` ${file.path} | ${file.additions + file.deletions} ${'+'.repeat(Math.min(file.additions, 40))}${'-'.repeat(Math.min(file.deletions, 40))}\n`,
        )
        .join(''),
    );
  if (options.includes('--name-only')) return out(result.data.files.map((file) => `${file.path}\n`).join(''));
  return out(result.data.patch);
}

async function log(workspace: Workspace, args: string[]): Promise<ExecResult> {
  let count = 10;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index]!;
    if (/^-\d+$/.test(argument)) count = Number(argument.slice(1));
    else if (argument === '-n' || argument === '--max-count') count = Number(args[++index]);
    else if (argument.startsWith('--max-count=')) count = Number(argument.split('=')[1]);
  }
  const result = await gitLog(workspace, { count: Number.isFinite(count) && count > 0 ? count : 10 });
  if (!result.ok) return err(`fatal: ${result.message}`, 128);
  if (args.includes('--oneline'))
    return out(
      result.data.commits.map((commit) => `${commit.oid.slice(0, 7)} ${commit.message.split('\n')[0]}\n`).join(''),
    );
  return out(
    result.data.commits
      .map(
        (commit) =>
          `commit ${commit.oid}\nAuthor: ${commit.author} <${commit.email}>\nDate:   ${new Date(commit.date).toUTCString()}\n\n${commit.message
            .trimEnd()
            .split('\n')
            .map((line) => `    ${line}`)
            .join('\n')}\n`,
      )
      .join('\n'),
  );
}

async function addPaths(workspace: Workspace, cwd: string, args: string[]): Promise<ExecResult> {
  const { fs, dir, cache } = gitContext(workspace);
  const all = args.includes('-A') || args.includes('--all');
  const targets = all ? ['.'] : args.filter((argument) => !argument.startsWith('-'));
  if (targets.length === 0) return err("Nothing specified, nothing added.\nhint: Maybe you wanted to say 'git add .'?");
  const scopes: string[] = [];
  for (const target of targets) {
    const scope = repoPath(cwd, target);
    if (scope === null) return err(`fatal: ${target}: '${target}' is outside repository`, 128);
    scopes.push(scope);
  }
  const within = (path: string) =>
    scopes.some((scope) => scope === '.' || path === scope || path.startsWith(`${scope}/`));
  for (const [path, head, workdir, stage] of await statusMatrix({ fs, dir, cache })) {
    if (!within(path)) continue;
    if (workdir === 0 && (head !== 0 || stage !== 0)) await remove({ fs, dir, cache, filepath: path });
    else if (workdir !== 0 && !(head === 1 && workdir === 1 && stage === 1))
      await add({ fs, dir, cache, filepath: path });
  }
  return out('');
}

async function rm(workspace: Workspace, cwd: string, args: string[]): Promise<ExecResult> {
  const { fs, dir, cache } = gitContext(workspace);
  const cached = args.includes('--cached');
  for (const target of args.filter((argument) => !argument.startsWith('-'))) {
    const path = repoPath(cwd, target);
    if (path === null || path === '.') return err(`fatal: pathspec '${target}' did not match any files`, 128);
    await remove({ fs, dir, cache, filepath: path });
    if (!cached && (await workspace.fs.exists(`${WORKSPACE_ROOT}/${path}`)))
      await workspace.fs.rm(`${WORKSPACE_ROOT}/${path}`, { recursive: args.includes('-r') });
  }
  return out('');
}

async function commit(workspace: Workspace, args: string[]): Promise<ExecResult> {
  const messages: string[] = [];
  let all = false;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index]!;
    if (argument === '-m' || argument === '--message') messages.push(args[++index] ?? '');
    else if (argument.startsWith('--message=')) messages.push(argument.slice('--message='.length));
    else if (argument === '-a' || argument === '--all') all = true;
    else if (argument === '-am') {
      all = true;
      messages.push(args[++index] ?? '');
    }
  }
  if (messages.length === 0)
    return err('error: no commit message given; use git commit -m "message" (no editor runs in the browser workspace)');
  const result = await gitCommit(workspace, { message: messages.join('\n\n'), all });
  if (!result.ok)
    return err(
      result.code === 'nothing_to_commit'
        ? `nothing to commit, working tree clean\n(${result.message})`
        : `fatal: ${result.message}`,
      1,
    );
  const name = (await currentBranch({ ...gitContext(workspace), fullname: false })) ?? 'HEAD';
  return out(
    `[${name} ${result.data.oid.slice(0, 7)}] ${messages[0]!.split('\n')[0]}\n ${result.data.files.length} file${result.data.files.length === 1 ? '' : 's'} changed\n`,
  );
}

async function branches(workspace: Workspace, args: string[]): Promise<ExecResult> {
  const { fs, dir } = gitContext(workspace);
  const names = args.filter((argument) => !argument.startsWith('-'));
  if (names.length === 0 || args.includes('--list')) {
    const current = await currentBranch({ fs, dir, fullname: false });
    return out(
      (await listBranches({ fs, dir }))
        .sort()
        .map((name) => `${name === current ? '*' : ' '} ${name}\n`)
        .join(''),
    );
  }
  const start = await resolveRevision(workspace, names[1] ?? 'HEAD');
  if (!start.ok) return err(`fatal: not a valid object name: '${names[1]}'`, 128);
  try {
    await branch({ fs, dir, ref: names[0]!, object: start.data });
  } catch (error) {
    return err(`fatal: ${(error as Error).message}`, 128);
  }
  return out('');
}

async function switchTo(workspace: Workspace, args: string[]): Promise<ExecResult> {
  const context = gitContext(workspace);
  const create = args.includes('-b') || args.includes('-c') || args.includes('-B');
  const names = args.filter((argument) => !argument.startsWith('-'));
  const name = names[0];
  if (!name) return err('fatal: you must name a branch to switch to', 128);
  if (create) {
    const result = await branches(workspace, [name, ...names.slice(1)]);
    if (result.exitCode !== 0) return result;
  }
  try {
    await checkout({ fs: context.fs, dir: context.dir, cache: context.cache, ref: name });
  } catch (error) {
    return err(`error: ${(error as Error).message}`, 1);
  }
  return { stdout: '', stderr: `Switched to ${create ? 'a new ' : ''}branch '${name}'\n`, exitCode: 0 };
}

/**
 * `git checkout <branch>` switches; `git checkout [<revision>] -- <paths>`, or paths that name no branch or
 * revision, restore those files (from the index, or from the revision) as git does.
 */
async function checkoutCommand(workspace: Workspace, cwd: string, args: string[]): Promise<ExecResult> {
  const separator = args.indexOf('--');
  const creating = args.includes('-b') || args.includes('-B');
  let revision: string | null = null;
  let targets: string[];
  if (separator !== -1) {
    revision = args.slice(0, separator).find((argument) => !argument.startsWith('-')) ?? null;
    targets = args.slice(separator + 1);
  } else {
    const names = args.filter((argument) => !argument.startsWith('-'));
    if (creating || names.length === 0 || (await resolveRevision(workspace, names[0]!)).ok)
      return switchTo(workspace, args);
    targets = names;
  }
  const paths = targets.map((target) => repoPath(cwd, target));
  if (paths.length === 0) return err('fatal: you must specify path(s) to restore', 128);
  const outside = targets.find((_target, index) => paths[index] === null);
  if (outside !== undefined) return err(`fatal: ${outside}: '${outside}' is outside repository`, 128);
  return restorePaths(workspace, paths as string[], revision);
}

async function restore(workspace: Workspace, cwd: string, args: string[]): Promise<ExecResult> {
  const context = gitContext(workspace);
  const staged = args.includes('--staged');
  const paths = args.filter((argument) => !argument.startsWith('-')).map((target) => repoPath(cwd, target));
  if (paths.length === 0 || paths.includes(null)) return err('fatal: you must specify path(s) to restore', 128);
  if (!staged) return restorePaths(workspace, paths as string[], null);
  for (const path of paths as string[])
    await resetIndex({ fs: context.fs, dir: context.dir, cache: context.cache, filepath: path });
  return out('');
}

async function reset(workspace: Workspace, cwd: string, args: string[]): Promise<ExecResult> {
  if (args.includes('--hard') || args.includes('--soft') || args.some((argument) => /^HEAD[~^]/.test(argument))) {
    return err(
      'git reset: only unstaging (git reset [-- <path>…]) is available in the browser workspace; use git restore to discard changes',
      1,
    );
  }
  const context = gitContext(workspace);
  const targets = args.filter((argument) => !argument.startsWith('-') && argument !== 'HEAD');
  const matrix = await statusMatrix({ fs: context.fs, dir: context.dir, cache: context.cache });
  const scopes = targets.length === 0 ? ['.'] : targets.map((target) => repoPath(cwd, target) ?? '');
  for (const [path, head, , stage] of matrix) {
    if (head === stage && head !== 0) continue;
    if (scopes.some((scope) => scope === '.' || path === scope || path.startsWith(`${scope}/`)))
      await resetIndex({ fs: context.fs, dir: context.dir, cache: context.cache, filepath: path });
  }
  return out('');
}

async function show(workspace: Workspace, args: string[]): Promise<ExecResult> {
  const revision = args.find((argument) => !argument.startsWith('-')) ?? 'HEAD';
  const resolved = await resolveRevision(workspace, revision);
  if (!resolved.ok) return err(`fatal: ${resolved.message}`, 128);
  const header = await log(workspace, ['-1']);
  const parent = await resolveRevision(workspace, `${resolved.data}~1`);
  const patch = parent.ok ? await gitDiff(workspace, { commit: parent.data, to: resolved.data }) : null;
  const logged = revision === 'HEAD' ? header.stdout : `commit ${resolved.data}\n`;
  return out(`${logged}\n${patch && patch.ok ? patch.data.patch : ''}`);
}

export function createGitCommand(workspace: Workspace): Command {
  return defineCommand('git', async (args, context) => {
    const [subcommand, ...rest] = args;
    const cwd = context.cwd;
    try {
      switch (subcommand) {
        case 'status':
          return await status(workspace, rest);
        case 'diff':
          return await diff(workspace, cwd, rest);
        case 'log':
          return await log(workspace, rest);
        case 'show':
          return await show(workspace, rest);
        case 'add':
          return await addPaths(workspace, cwd, rest);
        case 'rm':
          return await rm(workspace, cwd, rest);
        case 'commit':
          return await commit(workspace, rest);
        case 'branch':
          return await branches(workspace, rest);
        case 'checkout':
          return await checkoutCommand(workspace, cwd, rest);
        case 'switch':
          return await switchTo(workspace, rest);
        case 'restore':
          return await restore(workspace, cwd, rest);
        case 'reset':
          return await reset(workspace, cwd, rest);
        case undefined:
        case '--help':
        case 'help':
          return out(`usage: git <command> [<args>]\n\nAvailable in the browser workspace: ${SUPPORTED.join(', ')}\n`);
        default:
          return err(
            `git: '${subcommand}' is not available in the browser workspace (there is no remote and no editor); available: ${SUPPORTED.join(', ')}`,
            1,
          );
      }
    } catch (error) {
      return err(`fatal: ${(error as Error).message}`, 128);
    }
  });
}
