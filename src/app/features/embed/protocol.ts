/**
 * The embed's address and its postMessage protocol, shared by the embed page, the `<tool-playground>`
 * element (embed.js) and the "Embed this tool" snippet. Pure and tiny: embed.js bundles it.
 */
import { isJsonObject } from '../../../core/json/is-json-object';

/** Every message of either side carries this marker, so unrelated messages on the page are ignored. */
export const EMBED_MESSAGE_SOURCE = 'tool-playground';

export const EMBED_VIEWS = ['docs', 'form', 'editor', 'playground', 'execute'] as const;
export type EmbedView = (typeof EMBED_VIEWS)[number];

export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The embed page, relative to the site's root (a plain file: any static host serves it). */
const EMBED_PAGE = 'embed.html';

/** The workspace an embed's calls run in (named after the embed, so it is never the site's or another embed's). */
export const embedWorkspaceKey = (id: string) => `embed:${id}`;

export interface EmbedOptions {
  /** Absent: the default toolset. */
  toolset?: string;
  tool: string;
  view?: EmbedView;
  /** The initial arguments, as JSON text. */
  arguments?: string;
  theme?: EmbedTheme;
  /** Tells this embed's messages apart from other embeds' (and keys its workspace). */
  id?: string;
  /** The host page's origin: the only one the embed talks to. */
  origin?: string;
}

export interface EmbedParams {
  toolset?: string;
  tool: string;
  view: EmbedView;
  arguments?: string;
  theme: EmbedTheme;
  id: string;
  origin: string | null;
}

/** The embed page's address for these options, under the site's root URL. */
export function embedUrl(siteRoot: string | URL, options: EmbedOptions): string {
  const url = new URL(EMBED_PAGE, siteRoot);
  const query = url.searchParams;
  if (options.toolset) query.set('toolset', options.toolset);
  query.set('tool', options.tool);
  if (options.view && options.view !== 'playground') query.set('view', options.view);
  if (options.arguments !== undefined && options.arguments !== '') query.set('arguments', options.arguments);
  if (options.theme && options.theme !== 'auto') query.set('theme', options.theme);
  if (options.id) query.set('id', options.id);
  if (options.origin) query.set('origin', options.origin);
  return url.href;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** Reads the embed page's query; an unknown view or theme is an error naming the parameter and the values it takes. */
/**
 * The embed page's options from its address: `embed.html?tool=read_file&view=form` (what embed.js frames), or the
 * same page under a path for a link or an iframe written by hand: `/embed/tools/<name>/?view=form`,
 * `/embed/toolsets/<id>/tools/<name>/`. The path names the tool; the query the rest.
 */
export function embedSearch(pathname: string, search: string, base = '/'): string {
  const below = pathname.startsWith(base) ? pathname.slice(base.length) : null;
  const match = below === null ? null : /^embed\/(?:toolsets\/([^/]+)\/)?tools\/([^/]+)\/?$/.exec(below);
  if (!match) return search;
  const query = new URLSearchParams(search);
  try {
    query.set('tool', decodeURIComponent(match[2]!));
    if (match[1] !== undefined) query.set('toolset', decodeURIComponent(match[1]));
  } catch {
    return search;
  }
  return `?${query.toString()}`;
}

export function parseEmbedParams(
  search: string,
  fallbackId: () => string,
): { ok: true; params: EmbedParams } | { ok: false; error: string } {
  const query = new URLSearchParams(search);
  const tool = query.get('tool');
  if (!tool)
    return {
      ok: false,
      error: 'The embed needs a tool: add tool=<name> to its address (the tool attribute of <tool-playground>).',
    };
  const view = query.get('view') ?? 'playground';
  if (!oneOf(EMBED_VIEWS, view)) return { ok: false, error: `view “${view}” is not one of ${EMBED_VIEWS.join(', ')}.` };
  const theme = query.get('theme') ?? 'auto';
  if (!oneOf(EMBED_THEMES, theme))
    return { ok: false, error: `theme “${theme}” is not one of ${EMBED_THEMES.join(', ')}.` };
  const origin = query.get('origin');
  let checkedOrigin: string | null = null;
  if (origin) {
    try {
      checkedOrigin = new URL(origin).origin;
    } catch {
      return { ok: false, error: `origin “${origin}” is not an origin such as https://example.com.` };
    }
    if (checkedOrigin === 'null')
      return { ok: false, error: `origin “${origin}” is not an origin such as https://example.com.` };
  }
  const params: EmbedParams = { tool, view, theme, id: query.get('id') || fallbackId(), origin: checkedOrigin };
  const toolset = query.get('toolset');
  if (toolset) params.toolset = toolset;
  const args = query.get('arguments');
  if (args !== null) params.arguments = args;
  return { ok: true, params };
}

/** Host → embed. */
export type HostMessage =
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'set-arguments'; arguments: Record<string, unknown> }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'set-theme'; theme: EmbedTheme };

export interface EmbedValidation {
  valid: boolean;
  /** Set when the JSON text does not parse; then `errors` is empty. */
  parseError?: string;
  errors: { parameter: string; code: string; message: string }[];
}

/** Embed → host; `id` is the embed's. */
export type EmbedMessage =
  | { source: typeof EMBED_MESSAGE_SOURCE; id: string; type: 'ready'; toolset: string; tool: string; view: EmbedView }
  | { source: typeof EMBED_MESSAGE_SOURCE; id: string; type: 'resize'; height: number }
  | {
      source: typeof EMBED_MESSAGE_SOURCE;
      id: string;
      type: 'change';
      arguments: Record<string, unknown>;
      validation: EmbedValidation;
    }
  | {
      source: typeof EMBED_MESSAGE_SOURCE;
      id: string;
      type: 'executed';
      result: {
        success: boolean;
        message: string;
        data?: unknown;
        error?: string;
        errorCode?: string;
        durationMs: number;
      };
    }
  | { source: typeof EMBED_MESSAGE_SOURCE; id: string; type: 'error'; message: string };

/** The most a host's set-arguments may carry: as much as a share link's arguments (4 MB), 1,000 levels deep. */
const MAX_HOST_ARGUMENTS_CHARS = 4 * 1024 * 1024;
const MAX_HOST_ARGUMENTS_DEPTH = 1_000;

/**
 * Why a host's arguments are refused, or null: measured by a walk that stops at the first limit passed, so a
 * 50 MB message costs no more than the 4 MB it is allowed. Strings and keys count their characters, other
 * values one each.
 */
export function hostArgumentsProblem(args: Record<string, unknown>): string | null {
  let size = 0;
  const stack: [unknown, number][] = [[args, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > MAX_HOST_ARGUMENTS_DEPTH)
      return `the arguments are nested more than ${MAX_HOST_ARGUMENTS_DEPTH.toLocaleString('en')} levels deep; they were not loaded`;
    if (typeof value === 'string') size += value.length;
    else if (Array.isArray(value)) for (const item of value) stack.push([item, depth + 1]);
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        size += key.length;
        stack.push([item, depth + 1]);
      }
    else size += 1;
    if (size > MAX_HOST_ARGUMENTS_CHARS)
      return `the arguments are larger than ${MAX_HOST_ARGUMENTS_CHARS / (1024 * 1024)} MB; they were not loaded`;
  }
  return null;
}

export function isHostMessage(value: unknown): value is HostMessage {
  if (!isJsonObject(value) || value.source !== EMBED_MESSAGE_SOURCE) return false;
  if (value.type === 'set-arguments') return isJsonObject(value.arguments);
  if (value.type === 'set-theme') return typeof value.theme === 'string' && oneOf(EMBED_THEMES, value.theme);
  return false;
}

export function isEmbedMessage(value: unknown): value is EmbedMessage {
  if (!isJsonObject(value) || value.source !== EMBED_MESSAGE_SOURCE || typeof value.id !== 'string') return false;
  switch (value.type) {
    case 'ready':
      return typeof value.tool === 'string';
    case 'resize':
      return typeof value.height === 'number' && Number.isFinite(value.height) && value.height >= 0;
    case 'change':
      return isJsonObject(value.arguments) && isJsonObject(value.validation);
    case 'executed':
      return isJsonObject(value.result);
    case 'error':
      return typeof value.message === 'string';
    default:
      return false;
  }
}
