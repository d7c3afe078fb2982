/**
 * `python` and `python3` in the workspace shell, backed by the host's Python runner (Pyodide in
 * the page and in tests). Without a runner they say so; the interpreter loads only on first use.
 */
import { defineCommand, type Command, type ExecResult } from 'just-bash';
import type { ShellCommandOptions } from './command-options';
import { stdinText } from './command-options';
import { resolveFrom, isInWorkspace } from './file-view';

const USAGE = `usage: python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...
Runs Python with Pyodide in the browser workspace.
  -c cmd : program passed in as string
  -m mod : run library module as a script
  -V     : print the Python version
  file   : program read from script file
  -      : program read from stdin
`;

const IGNORED_FLAGS = new Set(['-u', '-B', '-O', '-OO', '-s', '-S', '-E', '-I', '-q', '-b']);

type Program =
  | { kind: 'file'; path: string }
  | { kind: 'code'; code: string }
  | { kind: 'module'; module: string }
  | { kind: 'stdin' }
  | { kind: 'version' };

function parse(args: string[]): { program: Program; args: string[] } | ExecResult {
  for (let index = 0; index < args.length; index++) {
    const argument = args[index]!;
    if (argument === '-h' || argument === '--help') return { stdout: USAGE, stderr: '', exitCode: 0 };
    if (argument === '-V' || argument === '--version') return { program: { kind: 'version' }, args: [] };
    if (argument === '-c' || argument === '-m') {
      const value = args[index + 1];
      if (value === undefined)
        return { stdout: '', stderr: `Argument expected for the ${argument} option\n${USAGE}`, exitCode: 2 };
      const program: Program = argument === '-c' ? { kind: 'code', code: value } : { kind: 'module', module: value };
      return { program, args: args.slice(index + 2) };
    }
    if (argument === '-') return { program: { kind: 'stdin' }, args: args.slice(index + 1) };
    if (IGNORED_FLAGS.has(argument) || argument.startsWith('-W') || argument.startsWith('-X')) continue;
    if (argument.startsWith('-')) return { stdout: '', stderr: `unknown option ${argument}\n${USAGE}`, exitCode: 2 };
    return { program: { kind: 'file', path: argument }, args: args.slice(index + 1) };
  }
  return { program: { kind: 'stdin' }, args: [] };
}

export function createPythonCommands(options: ShellCommandOptions): Command[] {
  const make = (name: string) =>
    defineCommand(name, async (args, context) => {
      const parsed = parse(args);
      if ('exitCode' in parsed) return parsed;
      const runner = options.runtimes?.python;
      if (!runner) {
        return {
          stdout: '',
          stderr: `${name}: not available in this workspace: no Python interpreter was provided (available: bash built-ins, node, npm)\n`,
          exitCode: 127,
        };
      }
      const { program } = parsed;
      let script: string;
      let scriptName: string;
      let argv: string[];
      let stdin = stdinText(context);
      switch (program.kind) {
        case 'version':
          script = 'import sys\nprint("Python " + sys.version.split()[0])';
          scriptName = '<string>';
          argv = ['-c'];
          break;
        case 'code':
          script = program.code;
          scriptName = '<string>';
          argv = ['-c', ...parsed.args];
          break;
        case 'module':
          script = `import runpy, sys\nsys.argv[0] = ${JSON.stringify(program.module)}\nrunpy.run_module(${JSON.stringify(program.module)}, run_name="__main__", alter_sys=True)`;
          scriptName = '<string>';
          argv = [program.module, ...parsed.args];
          break;
        case 'stdin':
          if (stdin.trim() === '')
            return {
              stdout: '',
              stderr: `${name}: no script given (the interactive prompt is not available; use ${name} file.py or ${name} -c "code")\n`,
              exitCode: 2,
            };
          script = stdin;
          stdin = '';
          scriptName = '<stdin>';
          argv = ['-', ...parsed.args];
          break;
        case 'file': {
          const absolute = resolveFrom(context.cwd, program.path);
          let source: string | null = null;
          if (isInWorkspace(absolute)) source = await context.fs.readFile(absolute, 'utf8').catch(() => null);
          if (source === null) {
            return {
              stdout: '',
              stderr: `${name}: can't open file '${absolute}': [Errno 2] No such file or directory\n`,
              exitCode: 2,
            };
          }
          script = source;
          scriptName = absolute;
          argv = [program.path, ...parsed.args];
          break;
        }
      }
      const remaining = Math.max(1, options.deadline - Date.now());
      const signal = options.signal ?? context.signal ?? new AbortController().signal;
      const env = context.exportedEnv ?? Object.fromEntries(context.env);
      const result = await runner.run(script, {
        cwd: context.cwd,
        timeoutMs: remaining,
        signal,
        argv,
        scriptName,
        stdin,
        env,
      });
      return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
    });
  return [make('python3'), make('python')];
}
