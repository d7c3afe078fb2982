/** The workspace shell's `node`: argument handling; the engine (QuickJS) loads on first use. */
import { defineCommand, type Command, type ExecResult, type IFileSystem } from 'just-bash';
import { stdinText, type ShellCommandOptions } from './command-options';
import { resolveFrom } from './file-view';

const USAGE = `Usage: node [options] [ script.js ] [arguments]
       node -e "script" [arguments]
       node -p "expression" [arguments]

Runs JavaScript with QuickJS in the browser workspace. Built-in modules: fs (synchronous, confined to
the workspace), path, assert, util, events. require() loads CommonJS files from the workspace.
Timers run after the main script on a virtual clock.

Options:
  -e, --eval script      evaluate script
  -p, --print script     evaluate script and print the result
  -v, --version          print the version
  -h, --help             print this help
`;

/** Flags Node accepts that change nothing here. */
const IGNORED_FLAG =
  /^--(no-warnings|no-deprecation|trace-warnings|trace-uncaught|enable-source-maps|experimental-[\w-]+|max-old-space-size(=\d+)?|stack-size(=\d+)?|use-strict|preserve-symlinks)$/;

type Parsed =
  | {
      kind: 'run';
      program:
        | { kind: 'file'; path: string }
        | { kind: 'eval'; code: string; print: boolean; filename: string }
        | { kind: 'stdin' };
      args: string[];
    }
  | { kind: 'output'; result: ExecResult };

function parse(args: string[]): Parsed {
  for (let index = 0; index < args.length; index++) {
    const argument = args[index]!;
    if (argument === '-v' || argument === '--version')
      return { kind: 'output', result: { stdout: `${NODE_VERSION_TEXT}\n`, stderr: '', exitCode: 0 } };
    if (argument === '-h' || argument === '--help')
      return { kind: 'output', result: { stdout: USAGE, stderr: '', exitCode: 0 } };
    if (
      argument === '-e' ||
      argument === '--eval' ||
      argument === '-p' ||
      argument === '--print' ||
      argument === '-pe'
    ) {
      const code = args[index + 1];
      if (code === undefined)
        return {
          kind: 'output',
          result: { stdout: '', stderr: `node: ${argument} requires an argument\n`, exitCode: 9 },
        };
      const print = argument !== '-e' && argument !== '--eval';
      return { kind: 'run', program: { kind: 'eval', code, print, filename: '[eval]' }, args: args.slice(index + 2) };
    }
    if (argument.startsWith('--eval=') || argument.startsWith('--print=')) {
      const print = argument.startsWith('--print=');
      return {
        kind: 'run',
        program: { kind: 'eval', code: argument.slice(argument.indexOf('=') + 1), print, filename: '[eval]' },
        args: args.slice(index + 1),
      };
    }
    if (argument === '-') return { kind: 'run', program: { kind: 'stdin' }, args: args.slice(index + 1) };
    if (argument === '--') {
      const script = args[index + 1];
      return script === undefined
        ? { kind: 'run', program: { kind: 'stdin' }, args: [] }
        : { kind: 'run', program: { kind: 'file', path: script }, args: args.slice(index + 2) };
    }
    if (argument.startsWith('-')) {
      if (IGNORED_FLAG.test(argument)) continue;
      return { kind: 'output', result: { stdout: '', stderr: `node: bad option: ${argument}\n`, exitCode: 9 } };
    }
    return { kind: 'run', program: { kind: 'file', path: argument }, args: args.slice(index + 1) };
  }
  return { kind: 'run', program: { kind: 'stdin' }, args: [] };
}

const NODE_VERSION_TEXT = 'v20.0.0-quickjs';

/** Measured: the shell needs under 50 ms after a command returns to pass its output on. */
const NODE_DEADLINE_MARGIN_MS = 150;

export function createNodeCommand(options: ShellCommandOptions, fileSystem: IFileSystem): Command {
  return defineCommand('node', async (args, context) => {
    const parsed = parse(args);
    if (parsed.kind === 'output') return parsed.result;
    let program: { kind: 'file'; path: string } | { kind: 'eval'; code: string; print: boolean; filename: string };
    if (parsed.program.kind === 'stdin') {
      const source = stdinText(context);
      if (source.trim() === '')
        return {
          stdout: '',
          stderr: 'node: no script given (the interactive REPL is not available; use node file.js or node -e "code")\n',
          exitCode: 9,
        };
      program = { kind: 'eval', code: source, print: false, filename: '[stdin]' };
    } else if (parsed.program.kind === 'file') {
      program = { kind: 'file', path: resolveFrom(context.cwd, parsed.program.path) };
    } else program = parsed.program;

    const { runNodeProgram } = await import('./node-runtime');
    const env = context.exportedEnv ?? Object.fromEntries(context.env);
    return runNodeProgram({
      program,
      args: parsed.args,
      cwd: context.cwd,
      env,
      fs: fileSystem,
      // Ended a moment before the shell's own deadline, so the program's 124 and what it printed reach
      // the caller (the shell drops a command's output when its deadline passes first).
      deadline: options.deadline - NODE_DEADLINE_MARGIN_MS,
      signal: options.signal ?? context.signal,
    });
  });
}
