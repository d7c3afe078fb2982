/**
 * `site dev <input…>`: the site `site build` writes, served on this machine, written again whenever a definition
 * file or folder changes (or a release of --history), and every open page told to reload. Each build runs in a process of its own (the renderer
 * reads its data once per process, write-site.ts) into the one of two folders not being served, which is served once
 * it is complete, so a page never meets half a site. A page reloads through `site-dev.js`, written into each build
 * and named by every page, which listens to the server's events (same origin: the pages' policy allows it). The
 * playground keeps what was typed across the reload: the page saves each tool's arguments in the browser.
 */
import { spawn } from 'node:child_process';
import { watch, writeFileSync, readdirSync, readFileSync, mkdtempSync, rmSync, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaticHost, listen, parseHostConfig } from '../../../../scripts/static-host';
import { argumentProblem, flagValue, parseArguments } from '../../args';
import { EXIT_FAILURE, usageError, type CommandResult } from '../../types';
import type { SiteCommandContext } from './build';
import { SITE_DEV_USAGE } from './usage';

const EVENTS_PATH = '/__site-dev/events';
const RELOAD_SCRIPT = 'site-dev.js';
const RELOADER = `// Written by tool-schemas site dev: reloads this page when its site is built again.
new EventSource('${EVENTS_PATH}').addEventListener('reload', () => location.reload());
`;

/** The reload script beside the pages, and named by every page of the build. */
function withReloader(site: string): void {
  writeFileSync(join(site, RELOAD_SCRIPT), RELOADER);
  for (const entry of readdirSync(site, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, 'utf8');
    if (html.includes('</head>'))
      writeFileSync(file, html.replace('</head>', `<script src="/${RELOAD_SCRIPT}"></script></head>`));
  }
}

/** Runs `site build` in a process of its own, as this process was started; resolves with its exit code and error text. */
function buildOnce(buildArgs: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'site', 'build', ...buildArgs], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

export async function runSiteDev(
  argv: readonly string[],
  context: SiteCommandContext,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<CommandResult> {
  const split = argv.indexOf('--');
  const own = split >= 0 ? argv.slice(0, split) : argv;
  const parsed = parseArguments(own, { values: ['port', 'title', 'mocks', 'history'], switches: ['allow-refused'] });
  const problem = argumentProblem(parsed);
  if (problem) return usageError(problem, SITE_DEV_USAGE);
  if (parsed.positionals.length === 0 && split < 0)
    return usageError(
      'site dev needs at least one input: a file, a folder, a server URL or -- <command>.',
      SITE_DEV_USAGE,
    );
  const portText = flagValue(parsed, 'port') ?? '4400';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return usageError(`--port must be a whole number from 0 to 65535, not '${portText}'.`, SITE_DEV_USAGE);

  const work = mkdtempSync(join(tmpdir(), 'tool-schemas-site-dev-'));
  const folders = [join(work, 'a'), join(work, 'b')];
  const passOn = [
    ...own.filter(
      (argument, index) => !(argument === '--port' || own[index - 1] === '--port' || argument.startsWith('--port=')),
    ),
    ...(split >= 0 ? argv.slice(split) : []),
  ];
  const hostConfig = parseHostConfig(readFileSync(join(context.shell, 'netlify.toml'), 'utf8'));
  let serving: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  let next = 0;
  const listeners = new Set<ServerResponse>();

  const build = async (): Promise<boolean> => {
    const folder = folders[next]!;
    const started = Date.now();
    const result = await buildOnce([...passOn, '--out', folder]);
    if (result.code !== 0) {
      log(`site dev: the build failed; the last good site stays served.\n${result.stderr.trimEnd()}`);
      return false;
    }
    withReloader(folder);
    serving = createStaticHost(folder, hostConfig).listeners('request')[0] as (
      request: IncomingMessage,
      response: ServerResponse,
    ) => void;
    next = 1 - next;
    log(`site dev: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  };

  if (!(await build())) {
    rmSync(work, { recursive: true, force: true });
    return { stdout: '', stderr: '', exitCode: EXIT_FAILURE };
  }
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] === EVENTS_PATH) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write(': connected\n\n');
      listeners.add(response);
      request.on('close', () => listeners.delete(response));
      return;
    }
    serving!(request, response);
  });
  const url = await listen(server, port);
  process.stdout.write(`Serving the site at ${url} (Ctrl+C stops)\n`);

  // Rebuilt after each burst of changes, one build at a time.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const rebuild = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        if (await build()) for (const listener of listeners) listener.write('event: reload\ndata: {}\n\n');
      } while (again);
      running = null;
    })();
  };
  // The definitions, and the earlier releases beside them: a change to either is a change to the site.
  const history = flagValue(parsed, 'history');
  const watchers: FSWatcher[] = [
    ...parsed.positionals.filter((input) => !/^https?:\/\//i.test(input)),
    ...(history ? [history] : []),
  ].map((input) =>
    watch(input, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(rebuild, 100);
    }),
  );

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  for (const watcher of watchers) watcher.close();
  for (const listener of listeners) listener.end();
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
  return { stdout: '', stderr: '', exitCode: 0 };
}
