/**
 * The workspace shell's `dotnet`: no .NET SDK runs in a browser, so `dotnet build` is a syntax check
 * of the project's C# files with the host's parser (tree-sitter), reported the way MSBuild reports
 * errors, and says so on its first line. Every other subcommand is honestly unavailable (exit 127).
 */
import { defineCommand, type Command, type ExecResult, type IFileSystem } from 'just-bash';
import type { ShellRuntimes } from '../types';
import type { ShellCommandOptions } from './command-options';
import { unavailableResult } from './unavailable';

const NOTE =
  'dotnet build: syntax check only. The browser workspace has no .NET SDK, so nothing is restored, compiled or run.\n';
const SKIPPED_DIRECTORIES = new Set(['bin', 'obj', 'node_modules', '.git']);

const USAGE = `Usage (in the browser workspace): dotnet build [<PROJECT | SOLUTION | DIRECTORY>]

Checks the syntax of every C# file of the project with a real C# parser and reports errors as
MSBuild does. No .NET SDK runs in the browser: nothing is restored, compiled, tested or run.
`;

const join = (directory: string, name: string) => (directory === '/' ? `/${name}` : `${directory}/${name}`);
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';

function relativeTo(from: string, path: string): string {
  if (path === from) return '.';
  return path.startsWith(`${from}/`) ? path.slice(from.length + 1) : path;
}

async function kind(fs: IFileSystem, path: string): Promise<'file' | 'directory' | null> {
  try {
    const stat = await fs.stat(path);
    return stat.isDirectory ? 'directory' : stat.isFile ? 'file' : null;
  } catch {
    return null;
  }
}

function msbuildError(code: string, message: string): ExecResult {
  return { stdout: '', stderr: `MSBUILD : error ${code}: ${message}\n`, exitCode: 1 };
}

/** The project or solution file `dotnet build` would pick, as MSBuild picks it. */
async function findProjectFile(
  fs: IFileSystem,
  cwd: string,
  argument: string | undefined,
): Promise<string | ExecResult> {
  const target = argument ? fs.resolvePath(cwd, argument) : cwd;
  const targetKind = await kind(fs, target);
  if (targetKind === 'file') {
    if (/\.(csproj|sln)$/i.test(target)) return target;
    return msbuildError(
      'MSB1009',
      `Project file does not exist or is not a project or solution file.\nSwitch: ${argument}`,
    );
  }
  if (targetKind === null) return msbuildError('MSB1009', `Project file does not exist.\nSwitch: ${argument}`);
  const candidates = (await fs.readdir(target)).filter((name) => /\.(csproj|sln)$/i.test(name));
  if (candidates.length === 0) {
    return msbuildError(
      'MSB1003',
      'Specify a project or solution file. The current working directory does not contain a project or solution file.',
    );
  }
  if (candidates.length > 1) {
    return msbuildError(
      'MSB1011',
      `Specify which project or solution file to use because this folder contains more than one project or solution file (${candidates.join(', ')}).`,
    );
  }
  return join(target, candidates[0]!);
}

/** The projects a solution lists, or the project itself. */
async function projectsOf(fs: IFileSystem, file: string): Promise<string[]> {
  if (!/\.sln$/i.test(file)) return [file];
  const text = await fs.readFile(file, 'utf8');
  const projects: string[] = [];
  for (const match of text.matchAll(/^Project\("[^"]*"\)\s*=\s*"[^"]*",\s*"([^"]+\.csproj)"/gim)) {
    projects.push(fs.resolvePath(parentOf(file), match[1]!.replace(/\\/g, '/')));
  }
  return projects;
}

/** The C# files an SDK-style project compiles: every .cs under its folder but bin/ and obj/. */
async function sourceFiles(fs: IFileSystem, directory: string, into: string[] = []): Promise<string[]> {
  const entries = fs.readdirWithFileTypes ? await fs.readdirWithFileTypes(directory) : [];
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory && !SKIPPED_DIRECTORIES.has(entry.name)) await sourceFiles(fs, path, into);
    else if (entry.isFile && entry.name.endsWith('.cs')) into.push(path);
  }
  return into;
}

async function build(
  fs: IFileSystem,
  cwd: string,
  args: string[],
  check: NonNullable<ShellRuntimes['csharpSyntax']>,
  options: ShellCommandOptions,
): Promise<ExecResult> {
  const positional = args.filter(
    (argument, index) =>
      !argument.startsWith('-') &&
      !(index > 0 && /^-(c|f|o|r|v)$|^--(configuration|framework|output|runtime|verbosity)$/.test(args[index - 1]!)),
  );
  const projectFile = await findProjectFile(fs, cwd, positional[0]);
  if (typeof projectFile !== 'string') return projectFile;

  let stdout = NOTE;
  const errors: string[] = [];
  for (const project of await projectsOf(fs, projectFile)) {
    if ((await kind(fs, project)) !== 'file') {
      errors.push(`${relativeTo(cwd, project)} : error MSB3202: The project file was not found.`);
      continue;
    }
    const files = await sourceFiles(fs, parentOf(project));
    for (const file of files) {
      if (options.signal?.aborted || Date.now() > options.deadline)
        return { stdout, stderr: 'dotnet build: stopped at the time limit\n', exitCode: 124 };
      for (const problem of await check(await fs.readFile(file, 'utf8'))) {
        errors.push(
          `${relativeTo(cwd, file)}(${problem.line},${problem.column}): error SYNTAX: ${problem.message} [${relativeTo(cwd, project)}]`,
        );
      }
    }
    const name = project.slice(project.lastIndexOf('/') + 1).replace(/\.csproj$/i, '');
    stdout += `  ${name}: ${files.length} C# file${files.length === 1 ? '' : 's'} checked\n`;
  }

  const summary = `    0 Warning(s)\n    ${errors.length} Error(s)\n`;
  if (errors.length === 0)
    return { stdout: `${stdout}\nBuild succeeded (syntax check).\n${summary}`, stderr: '', exitCode: 0 };
  return {
    stdout: `${stdout}${errors.join('\n')}\n\nBuild FAILED (syntax check).\n\n${errors.join('\n')}\n${summary}`,
    stderr: '',
    exitCode: 1,
  };
}

export function createDotnetCommand(options: ShellCommandOptions): Command {
  return defineCommand('dotnet', async (args, context) => {
    const check = options.runtimes?.csharpSyntax;
    const [subcommand, ...rest] = args;
    if (check && subcommand === 'build') {
      if (rest.includes('-h') || rest.includes('--help')) return { stdout: USAGE, stderr: '', exitCode: 0 };
      return build(context.fs, context.cwd, rest, check, options);
    }
    if (check && (subcommand === undefined || subcommand === '-h' || subcommand === '--help'))
      return { stdout: USAGE, stderr: '', exitCode: 0 };
    return unavailableResult('dotnet', check ? 'dotnet build (syntax check)' : undefined);
  });
}
