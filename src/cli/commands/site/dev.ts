/**
 * `site dev <input…>`: the site `site build` writes, served on this machine and kept in step with the definitions in
 * this one process (live-site.ts). When a definition file or folder changes, that input alone is read again; when a
 * release of --history changes, the releases are. The site then rewrites what the change touches (the changed tools'
 * data and pages, their catalog, the sitemap and the text for agents; every page when the site's shape changed), and
 * every open page is told to reload. A page reloads through `site-dev.js`, written beside the pages and named by each
 * of them, which listens to the server's events (same origin: the pages' policy allows it). The playground keeps
 * what was typed across the reload: the page saves each tool's arguments in the browser.
 */
import { watch, writeFileSync, readFileSync, mkdtempSync, rmSync, statSync, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createStaticHost, listen, parseHostConfig } from '../../../../scripts/static-host';
import { argumentProblem, flagValue, parseArguments } from '../../args';
import { EXIT_FAILURE, usageError, type CommandResult } from '../../types';
import { parseSiteBuild, prepareSite, shellProblem, writeFailure, type SiteCommandContext } from './build';
import { combineInputs, readInput, SiteInputError, type ReadInputs } from './inputs';
import { openLiveSite, type LiveSite } from './live-site';
import type { FolderReads } from '../../../core/toolset/load.node.js';
import { SITE_DEV_USAGE } from './usage';

const EVENTS_PATH = '/__site-dev/events';
const RELOAD_SCRIPT = 'site-dev.js';
const RELOADER = `// Written by tool-schemas site dev: reloads this page when its site changes.
new EventSource('${EVENTS_PATH}').addEventListener('reload', () => location.reload());
`;
/** A save is often more than one write (truncate, then write): the changes of this long a burst are one update. */
const SETTLE_MS = 30;

/** A page with the reload script named in its head. */
const withReloader = (html: string): string =>
  html.includes('</head>') ? html.replace('</head>', `<script src="/${RELOAD_SCRIPT}"></script></head>`) : html;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

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
  const missing = shellProblem(context.shell);
  if (missing) return { stdout: '', stderr: `${missing}\n`, exitCode: EXIT_FAILURE };

  const work = mkdtempSync(join(tmpdir(), 'tool-schemas-site-dev-'));
  const out = join(work, 'site');
  const passOn = [
    ...own.filter(
      (argument, index) => !(argument === '--port' || own[index - 1] === '--port' || argument.startsWith('--port=')),
    ),
    '--out',
    out,
    ...(split >= 0 ? argv.slice(split) : []),
  ];
  const request = parseSiteBuild(passOn, SITE_DEV_USAGE);
  if ('exitCode' in request) {
    rmSync(work, { recursive: true, force: true });
    return request;
  }

  // Each input as last read: a change to one reads that one again, and of a folder, the files that changed.
  const reads: ReadInputs[] = [];
  const folderFiles: FolderReads = new Map();
  /** The site's toolsets from the reads, or the reason there are none (printed). */
  const prepared = async () => {
    try {
      const site = await prepareSite(combineInputs(reads), request, context.validator);
      if ('failure' in site) log(site.failure);
      else if (site.refusedLines.length > 0) log(site.refusedLines.join('\n'));
      return 'failure' in site ? null : site;
    } catch (error) {
      if (!(error instanceof SiteInputError)) throw error;
      log(error.message);
      return null;
    }
  };

  const started = performance.now();
  let site: LiveSite | null = null;
  try {
    for (const input of request.inputs) reads.push(await readInput(input, context.validator, folderFiles));
    const first = await prepared();
    if (first)
      site = await openLiveSite(first.toolsets, {
        out,
        base: '/',
        siteUrl: null,
        title: request.title,
        shell: context.shell,
        mocks: first.mocks,
        ...(context.renderLimitMs !== undefined ? { renderLimitMs: context.renderLimitMs } : {}),
        html: withReloader,
      });
  } catch (error) {
    log(error instanceof SiteInputError ? error.message : writeFailure(error));
  }
  if (!site) {
    rmSync(work, { recursive: true, force: true });
    return { stdout: '', stderr: 'site dev: nothing is served.\n', exitCode: EXIT_FAILURE };
  }
  const live = site;
  writeFileSync(join(out, RELOAD_SCRIPT), RELOADER);
  log(`site dev: built ${live.pageCount} pages in ${seconds(started)}`);

  const host = createStaticHost(out, parseHostConfig(readFileSync(join(context.shell, 'netlify.toml'), 'utf8')));
  const serve = host.listeners('request')[0] as (request: IncomingMessage, response: ServerResponse) => void;
  const listeners = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] === EVENTS_PATH) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write(': connected\n\n');
      listeners.add(response);
      request.on('close', () => listeners.delete(response));
      return;
    }
    // Uncompressed: the static host keeps each file's compressed bytes for good, and these files change.
    delete request.headers['accept-encoding'];
    serve(request, response);
  });
  const url = await listen(server, port);
  process.stdout.write(`Serving the site at ${url} (Ctrl+C stops)\n`);

  // What changed since the last update: inputs by index, and whether the earlier releases did.
  const changedInputs = new Set<number>();
  const update = async () => {
    const since = performance.now();
    try {
      for (const index of [...changedInputs]) {
        changedInputs.delete(index);
        reads[index] = await readInput(request.inputs[index]!, context.validator, folderFiles);
      }
      const next = await prepared();
      if (!next) {
        log('site dev: the site stays as it was.');
        return;
      }
      const written = await live.update(next.toolsets, next.mocks);
      log(`site dev: ${written.length} file${written.length === 1 ? '' : 's'} written in ${seconds(since)}`);
      if (written.length > 0) for (const listener of listeners) listener.write('event: reload\ndata: {}\n\n');
    } catch (error) {
      log(
        `site dev: ${error instanceof SiteInputError ? error.message : writeFailure(error, 'the site could not be updated')}`,
      );
    }
  };

  // One update at a time, after each burst of changes.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const scheduled = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await update();
      } while (again);
      running = null;
    })();
  };
  const changed = (index: number | null) => () => {
    if (index !== null) changedInputs.add(index);
    clearTimeout(timer);
    timer = setTimeout(scheduled, SETTLE_MS);
  };
  // The definitions, and the earlier releases beside them: a change to either is a change to the site.
  // A file through its folder: an editor that saves by renaming a new file into place leaves a watch on the file
  // itself watching the old one.
  const watchers: FSWatcher[] = request.inputs.flatMap((input, index) => {
    if (input.kind !== 'path') return [];
    if (statSync(input.path).isDirectory()) return [watch(input.path, { recursive: true }, changed(index))];
    const name = basename(input.path);
    const onChange = changed(index);
    return [watch(dirname(input.path), (_event, file) => file === name && onChange())];
  });
  const history = flagValue(parsed, 'history');
  if (history) watchers.push(watch(resolve(history), { recursive: true }, changed(null)));

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  for (const listener of listeners) listener.end();
  await running;
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
  return { stdout: '', stderr: '', exitCode: 0 };
}
