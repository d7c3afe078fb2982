/** `site build <input…> --out <dir>`: a static site of the given toolsets, like this one (write-site.ts says how). */
import { existsSync, readFileSync } from 'node:fs';
import type { JsonValue } from '../../../core/json/json-value';
import type { MockSpec } from '../../../core/runtime/mock';
import { join, resolve } from 'node:path';
import type { ToolsetBundle } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../../args';
import { EXIT_FAILURE, usageError, type CommandResult } from '../../types';
import { describeRefusal, readInputs, SiteInputError, type ReadInputs, type Refusal, type SiteInput } from './inputs';
import { writeSite } from './write-site';
import { RenderError } from './write-pages';
import { withHistory } from './history';
import { SITE_TEXT } from '../../../../scripts/prerender-text';
import { VALIDATOR_RUNTIMES, validatorRuntimeModule } from '../../../../scripts/vite-site-data';
import { SITE_BUILD_USAGE } from './usage';

export interface SiteCommandContext {
  validator: Validator;
  /** The prebuilt shell: client/, server/ and netlify.toml. */
  shell: string;
  /** How long one page's render may take (write-pages.ts's RENDER_LIMIT_MS unless given). */
  renderLimitMs?: number;
}

export interface SiteBuildRequest {
  inputs: SiteInput[];
  out: string;
  title: string;
  base: string;
  siteUrl: string | null;
  allowRefused: boolean;
  /** A JSON file of fixed results by tool name. */
  mocks?: string;
  /** A folder of earlier releases, each named by its version. */
  history?: string;
}

/** The request the arguments make, or the usage error they deserve. */
export function parseSiteBuild(argv: readonly string[], usage = SITE_BUILD_USAGE): SiteBuildRequest | CommandResult {
  const split = argv.indexOf('--');
  const own = split >= 0 ? argv.slice(0, split) : argv;
  const command = split >= 0 ? argv.slice(split + 1) : [];
  const parsed = parseArguments(own, {
    values: ['out', 'title', 'base', 'site-url', 'mocks', 'history'],
    switches: ['allow-refused'],
  });
  const problem = argumentProblem(parsed);
  if (problem) return usageError(problem, usage);
  const inputs: SiteInput[] = parsed.positionals.map((input) =>
    /^https?:\/\//i.test(input)
      ? { kind: 'mcp', target: { kind: 'url', url: input, headers: {} } }
      : { kind: 'path', path: resolve(input) },
  );
  if (split >= 0) {
    if (command.length === 0) return usageError("-- must be followed by the MCP server's command.", usage);
    inputs.push({ kind: 'mcp', target: { kind: 'stdio', command: command[0]!, args: command.slice(1) } });
  }
  if (inputs.length === 0)
    return usageError('site build needs at least one input: a file, a folder, a server URL or -- <command>.', usage);
  const out = flagValue(parsed, 'out');
  if (!out) return usageError('--out <dir> is required: the folder the site is written to.', usage);
  const base = flagValue(parsed, 'base') ?? '/';
  if (!/^\/([\w.~-]+\/)*$/.test(base))
    return usageError(
      `--base must be a path that starts and ends with "/" (for example /docs/), not '${base}'.`,
      usage,
    );
  const siteUrlText = flagValue(parsed, 'site-url');
  let siteUrl: string | null = null;
  if (siteUrlText !== undefined) {
    try {
      const url = new URL(siteUrlText);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
      siteUrl = url.href.endsWith('/') ? url.href : `${url.href}/`;
    } catch {
      return usageError(`--site-url must be an http or https address, not '${siteUrlText}'.`, usage);
    }
  }
  const title = flagValue(parsed, 'title')?.trim() || SITE_TEXT.title;
  const mocks = flagValue(parsed, 'mocks');
  const history = flagValue(parsed, 'history');
  return {
    inputs,
    out: resolve(out),
    title,
    base,
    siteUrl,
    allowRefused: hasFlag(parsed, 'allow-refused'),
    ...(mocks ? { mocks: resolve(mocks) } : {}),
    ...(history ? { history: resolve(history) } : {}),
  };
}

/** The refusals, listed in the description of the toolset their input gave (or the first). */
function withRefusalsListed(
  toolsets: ToolsetBundle[],
  sources: Map<string, string>,
  refusals: Refusal[],
): ToolsetBundle[] {
  return toolsets.map((toolset, index) => {
    const own = refusals.filter(
      (refusal) =>
        sources.get(toolset.manifest.id) === refusal.source ||
        (index === 0 && ![...sources.values()].includes(refusal.source)),
    );
    if (own.length === 0) return toolset;
    const listed = own.map((refusal) => `- ${describeRefusal(refusal)}`).join('\n');
    const description = `${toolset.manifest.description}\n\n${own.length} definition${own.length === 1 ? ' was' : 's were'} refused and ${own.length === 1 ? 'is' : 'are'} not on this site:\n${listed}`;
    return { ...toolset, manifest: { ...toolset.manifest, description } };
  });
}

/**
 * The mocks file (`{ "<tool name>": <result> }`) by toolset; a name no toolset has is an error naming it. A result
 * of the form `{ "$function": "<source>" }` is a function of the arguments, run in the page's sandbox as the import
 * page runs one.
 */
function readMocks(path: string, toolsets: readonly ToolsetBundle[]): Record<string, Record<string, MockSpec>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SiteInputError(`--mocks ${path} could not be read as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SiteInputError(`--mocks ${path} must hold an object: each tool's name and the JSON its Execute answers.`);
  const byToolset: Record<string, Record<string, MockSpec>> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, JsonValue>)) {
    const owners = toolsets.filter((toolset) => toolset.tools.some((tool) => tool.name === name));
    if (owners.length === 0)
      throw new SiteInputError(`--mocks ${path}: no toolset of this site has a tool named '${name}'.`);
    const spec = mockSpecOf(path, name, value);
    for (const owner of owners) (byToolset[owner.manifest.id] ??= {})[name] = spec;
  }
  return byToolset;
}

/** A mock as the runtime takes it: `{ "$function": "<source>" }` alone is a function, anything else fixed JSON. */
function mockSpecOf(path: string, name: string, value: JsonValue): MockSpec {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !Object.hasOwn(value, '$function') ||
    Object.keys(value).length !== 1
  )
    return { kind: 'json', value };
  const source = value.$function;
  if (typeof source !== 'string' || source.trim() === '')
    throw new SiteInputError(
      `--mocks ${path}: ${name}'s "$function" must be the function's source text, as the import page takes it.`,
    );
  return { kind: 'function', source };
}

/** The toolsets and mocks a site is written of, with a line per refusal let through; or why there is no site. */
export type PreparedSite =
  | { toolsets: ToolsetBundle[]; mocks: Record<string, Record<string, MockSpec>>; refusedLines: string[] }
  | { failure: string };

/** The inputs as read, made into the site's toolsets: refusals, earlier releases and mocks applied. */
export async function prepareSite(
  read: ReadInputs,
  request: Pick<SiteBuildRequest, 'allowRefused' | 'history' | 'mocks'>,
  validator: Validator,
): Promise<PreparedSite> {
  const refusedLines = read.refusals.map((refusal) => `refused: ${describeRefusal(refusal)}`);
  if (read.refusals.length > 0 && !request.allowRefused) {
    const count = read.refusals.length;
    return {
      failure: [
        ...refusedLines,
        `${count} definition${count === 1 ? ' was' : 's were'} refused: fix ${count === 1 ? 'it' : 'them'}, or build without ${count === 1 ? 'it' : 'them'} with --allow-refused.`,
      ].join('\n'),
    };
  }
  if (read.toolsets.length === 0) return { failure: [...refusedLines, 'No tools to build a site of.'].join('\n') };
  let toolsets = withRefusalsListed(read.toolsets, read.sources, read.refusals);
  let mocks: Record<string, Record<string, MockSpec>> = {};
  try {
    if (request.history) toolsets = await withHistory(toolsets, request.history, validator);
    if (request.mocks) mocks = readMocks(request.mocks, toolsets);
  } catch (error) {
    return { failure: (error as Error).message };
  }
  return { toolsets, mocks, refusedLines };
}

/** What the prebuilt shell holds that every site is written with: its client build, its renderer and its headers. */
const SHELL_PARTS = [
  'client/index.html',
  'client/boot.js',
  'client/.vite/manifest.json',
  ...Object.values(VALIDATOR_RUNTIMES).map((name) => `client/${validatorRuntimeModule(name)}`),
  'server/ssr.js',
  'netlify.toml',
];

/** What to do about a prebuilt shell that is missing, half-built or broken. */
export const SHELL_FIX =
  'Build the prebuilt site again (npm run site-shell in the project’s checkout), or reinstall the package.';

/** Why the prebuilt shell cannot write a site (the parts it lacks), or null when it has them all. */
export function shellProblem(shell: string): string | null {
  const missing = SHELL_PARTS.filter((part) => !existsSync(join(shell, part)));
  if (missing.length === 0) return null;
  const what =
    missing.length === SHELL_PARTS.length
      ? 'is missing from this installation'
      : `is incomplete: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`;
  return `The prebuilt site (site-shell) ${what}. ${SHELL_FIX}`;
}

/** Why the site could not be written, and what to do when the prebuilt shell is the cause. */
export const writeFailure = (error: unknown, what = 'The site could not be written'): string =>
  `${what}: ${error instanceof Error ? error.message : String(error)}${
    error instanceof RenderError ? `. ${SHELL_FIX}` : ''
  }`;

export async function runSiteBuild(request: SiteBuildRequest, context: SiteCommandContext): Promise<CommandResult> {
  const missing = shellProblem(context.shell);
  if (missing) return { stdout: '', stderr: `${missing}\n`, exitCode: EXIT_FAILURE };
  let read;
  try {
    read = await readInputs(request.inputs, context.validator);
  } catch (error) {
    if (error instanceof SiteInputError) return { stdout: '', stderr: `${error.message}\n`, exitCode: EXIT_FAILURE };
    throw error;
  }
  const prepared = await prepareSite(read, request, context.validator);
  if ('failure' in prepared) return { stdout: '', stderr: `${prepared.failure}\n`, exitCode: EXIT_FAILURE };
  const { toolsets, mocks, refusedLines } = prepared;
  try {
    const pages = await writeSite(toolsets, {
      out: request.out,
      base: request.base,
      siteUrl: request.siteUrl,
      title: request.title,
      shell: context.shell,
      mocks,
      ...(context.renderLimitMs !== undefined ? { renderLimitMs: context.renderLimitMs } : {}),
    });
    const tools = toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0);
    return {
      stdout: `Wrote ${pages} pages for ${tools} tool${tools === 1 ? '' : 's'} in ${toolsets.length} toolset${toolsets.length === 1 ? '' : 's'} to ${request.out}\n`,
      stderr: refusedLines.length > 0 ? `${refusedLines.join('\n')}\n` : '',
      exitCode: 0,
    };
  } catch (error) {
    return { stdout: '', stderr: `${writeFailure(error)}\n`, exitCode: EXIT_FAILURE };
  }
}
