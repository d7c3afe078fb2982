/**
 * The workspace shell's `npm`: runs package.json scripts (test, start, run <script>) through the
 * same shell, the way npm does; anything that needs a registry says why it cannot run here.
 */
import { defineCommand, type Command, type ExecResult, type IFileSystem, type ResolvedCommandContext } from 'just-bash';
import { WORKSPACE_ROOT } from '../types';
import { shellQuote } from './command-options';

const NPM_VERSION = '10.0.0-playground';

const REGISTRY_COMMANDS = new Set([
  'install',
  'i',
  'in',
  'ins',
  'inst',
  'insta',
  'instal',
  'isnt',
  'isntall',
  'add',
  'ci',
  'clean-install',
  'install-clean',
  'isntall-clean',
  'install-test',
  'it',
  'install-ci-test',
  'cit',
  'update',
  'up',
  'upgrade',
  'udpate',
  'uninstall',
  'un',
  'unlink',
  'remove',
  'rm',
  'r',
  'link',
  'ln',
  'publish',
  'unpublish',
  'exec',
  'x',
  'view',
  'v',
  'info',
  'show',
  'search',
  'outdated',
  'audit',
  'dedupe',
  'prune',
  'rebuild',
  'pack',
  'init',
  'create',
]);

/** Scripts npm lists first, as lifecycle scripts. */
const LIFECYCLE_SCRIPTS = [
  'prepublish',
  'prepare',
  'prepublishOnly',
  'prepack',
  'postpack',
  'dependencies',
  'preinstall',
  'install',
  'postinstall',
  'test',
  'start',
  'stop',
  'restart',
];

const USAGE = `npm <command>

Usage (in the browser workspace):

npm test [-- <args>]        run the "test" script of the nearest package.json
npm start [-- <args>]       run the "start" script (or node server.js)
npm run <script> [-- <args>]
npm run                     list the scripts

Installing packages needs a registry, which the browser workspace cannot reach.
`;

interface PackageManifest {
  directory: string;
  file: string;
  name?: string;
  version?: string;
  scripts: Record<string, string>;
}

function npmError(lines: string[], exitCode: number): ExecResult {
  return {
    stdout: '',
    stderr: lines.map((line) => (line ? `npm error ${line}` : 'npm error')).join('\n') + '\n',
    exitCode,
  };
}

async function exists(fs: IFileSystem, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** The nearest package.json from `cwd` up to the workspace root, as npm looks for it. */
async function findManifest(fs: IFileSystem, cwd: string): Promise<PackageManifest | ExecResult> {
  let directory = cwd;
  for (;;) {
    const file = `${directory === '/' ? '' : directory}/package.json`;
    if (await exists(fs, file)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await fs.readFile(file, 'utf8'));
      } catch (error) {
        return npmError(
          [
            'code EJSONPARSE',
            `path ${file}`,
            `JSON.parse Invalid package.json: ${error instanceof Error ? error.message : String(error)}`,
          ],
          1,
        );
      }
      const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      const scripts: Record<string, string> = {};
      if (typeof record['scripts'] === 'object' && record['scripts'] !== null) {
        for (const [name, line] of Object.entries(record['scripts'] as Record<string, unknown>))
          if (typeof line === 'string') scripts[name] = line;
      }
      return {
        directory,
        file,
        name: typeof record['name'] === 'string' ? record['name'] : undefined,
        version: typeof record['version'] === 'string' ? record['version'] : undefined,
        scripts,
      };
    }
    if (directory === WORKSPACE_ROOT || directory === '/' || !directory.startsWith(WORKSPACE_ROOT)) break;
    directory = directory.slice(0, directory.lastIndexOf('/')) || '/';
  }
  const expected = `${cwd}/package.json`;
  return npmError(
    [
      'code ENOENT',
      'syscall open',
      `path ${expected}`,
      'errno -2',
      `enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${expected}'`,
      'enoent This is related to npm not being able to find a file.',
      'enoent',
    ],
    254,
  );
}

function packageId(manifest: PackageManifest): string {
  const name = manifest.name ?? manifest.directory.slice(manifest.directory.lastIndexOf('/') + 1);
  return manifest.version ? `${name}@${manifest.version}` : name;
}

function listScripts(manifest: PackageManifest): ExecResult {
  const names = Object.keys(manifest.scripts);
  if (names.length === 0) return { stdout: '', stderr: '', exitCode: 0 };
  const lifecycle = names.filter((name) => LIFECYCLE_SCRIPTS.includes(name));
  const others = names.filter((name) => !LIFECYCLE_SCRIPTS.includes(name));
  const block = (list: string[]) => list.map((name) => `  ${name}\n    ${manifest.scripts[name]}\n`).join('');
  let stdout = '';
  if (lifecycle.length > 0) stdout += `Lifecycle scripts included in ${packageId(manifest)}:\n${block(lifecycle)}`;
  if (others.length > 0)
    stdout += `${lifecycle.length > 0 ? '\n' : ''}available via \`npm run-script\`:\n${block(others)}`;
  return { stdout, stderr: '', exitCode: 0 };
}

interface RunRequest {
  script: string;
  args: string[];
  silent: boolean;
  ifPresent: boolean;
  command: string;
}

async function runScript(
  fs: IFileSystem,
  context: ResolvedCommandContext,
  manifest: PackageManifest,
  request: RunRequest,
): Promise<ExecResult> {
  let line = manifest.scripts[request.script];
  if (line === undefined && request.script === 'start' && (await exists(fs, `${manifest.directory}/server.js`)))
    line = 'node server.js';
  if (line === undefined) {
    if (request.ifPresent) return { stdout: '', stderr: '', exitCode: 0 };
    return npmError([`Missing script: "${request.script}"`, '', 'To see a list of scripts, run:', '  npm run'], 1);
  }
  if (!context.exec) return npmError(['this shell cannot run subcommands'], 1);

  const inheritedPath = context.env.get('PATH') ?? '/usr/local/bin:/usr/bin:/bin';
  let stdout = '';
  let stderr = '';
  const steps: [string, string][] = [];
  const pre = manifest.scripts[`pre${request.script}`];
  const post = manifest.scripts[`post${request.script}`];
  if (pre !== undefined) steps.push([`pre${request.script}`, pre]);
  steps.push([request.script, request.args.length > 0 ? `${line} ${request.args.map(shellQuote).join(' ')}` : line]);
  if (post !== undefined) steps.push([`post${request.script}`, post]);

  for (const [event, commandLine] of steps) {
    if (!request.silent) stdout += `\n> ${packageId(manifest)} ${event}\n> ${commandLine}\n\n`;
    const variables: Record<string, string> = {
      ...(context.exportedEnv ?? {}),
      PATH: `${manifest.directory}/node_modules/.bin:${inheritedPath}`,
      INIT_CWD: context.cwd,
      npm_lifecycle_event: event,
      npm_lifecycle_script: commandLine,
      npm_command: request.command,
      npm_package_json: manifest.file,
      npm_package_name: manifest.name ?? '',
      npm_package_version: manifest.version ?? '',
      npm_config_user_agent: `npm/${NPM_VERSION} node/v20.0.0-quickjs browser`,
    };
    // Exported, so the script's own commands (node, python) see them in their environment, as under npm.
    const exports = Object.entries(variables)
      .filter(([name]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      .map(([name, value]) => `${name}=${shellQuote(value)}`)
      .join(' ');
    const result = await context.exec(`export ${exports}\n${commandLine}`, {
      cwd: manifest.directory,
      signal: context.signal,
    });
    stdout += result.stdout;
    stderr += result.stderr;
    if (result.exitCode !== 0) {
      if (!request.silent) {
        stderr += npmError(
          ['code ' + result.exitCode, `path ${manifest.directory}`, 'command failed', `command sh -c ${commandLine}`],
          result.exitCode,
        ).stderr;
      }
      return { stdout, stderr, exitCode: result.exitCode };
    }
  }
  return { stdout, stderr, exitCode: 0 };
}

export function createNpmCommand(): Command {
  return defineCommand('npm', async (args, context) => {
    const fs = context.fs;
    let silent = false;
    let ifPresent = false;
    const positional: string[] = [];
    let scriptArgs: string[] = [];
    for (let index = 0; index < args.length; index++) {
      const argument = args[index]!;
      if (argument === '--') {
        scriptArgs = args.slice(index + 1);
        break;
      }
      if (argument === '-s' || argument === '--silent' || argument === '--loglevel=silent') silent = true;
      else if (argument === '--if-present') ifPresent = true;
      else if ((argument === '-v' || argument === '--version') && positional.length === 0)
        return { stdout: `${NPM_VERSION}\n`, stderr: '', exitCode: 0 };
      else if (argument.startsWith('-') && positional.length === 0 && !['-h', '--help'].includes(argument)) continue;
      else positional.push(argument);
    }
    const [subcommand, ...rest] = positional;
    if (subcommand === undefined || subcommand === 'help' || subcommand === '-h' || subcommand === '--help')
      return { stdout: USAGE, stderr: '', exitCode: subcommand === undefined ? 1 : 0 };

    if (REGISTRY_COMMANDS.has(subcommand)) {
      return npmError(
        [
          `\`npm ${subcommand}\` is not available: the browser workspace cannot reach a package registry.`,
          'Scripts run with npm test, npm start and npm run <script>, using the files already in the workspace.',
        ],
        1,
      );
    }

    let script: string | undefined;
    let command = subcommand;
    if (['test', 't', 'tst'].includes(subcommand)) {
      script = 'test';
      command = 'test';
    } else if (['start', 'stop', 'restart'].includes(subcommand)) script = subcommand;
    else if (['run', 'run-script', 'rum', 'urn'].includes(subcommand)) {
      command = 'run-script';
      script = rest.shift();
      const manifest = await findManifest(fs, context.cwd);
      if ('exitCode' in manifest) return manifest;
      if (script === undefined) return listScripts(manifest);
      return runScript(fs, context, manifest, { script, args: [...rest, ...scriptArgs], silent, ifPresent, command });
    } else {
      return npmError(
        [`Unknown command: "${subcommand}"`, '', 'To see a list of supported npm commands, run:', '  npm help'],
        1,
      );
    }
    const manifest = await findManifest(fs, context.cwd);
    if ('exitCode' in manifest) return manifest;
    return runScript(fs, context, manifest, { script, args: [...rest, ...scriptArgs], silent, ifPresent, command });
  });
}
