/**
 * The workspace's text files as the code-analysis tools see them: a scope (whole workspace,
 * a directory or one file), the decoded text, and a cheap content stamp so indexes are
 * rebuilt only when something changed.
 */
import type { ToolOutcome } from '../../../runtime/types';
import { WORKSPACE_ROOT, type Workspace } from '../../../workspace/types';
import { fail, resolve } from '../../support/handler';

/** Files larger than this are not indexed or parsed (generated bundles, data dumps). */
const MAX_ANALYSED_FILE_BYTES = 512 * 1024;

const BINARY_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'ico',
  'webp',
  'pdf',
  'zip',
  'gz',
  'tgz',
  'tar',
  'jar',
  'dll',
  'exe',
  'so',
  'dylib',
  'wasm',
  'class',
  'pyc',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'mp3',
  'mp4',
  'mov',
  'avi',
  'sqlite',
  'db',
  'bin',
  'lock',
]);

export interface SourceText {
  /** Workspace-relative path. */
  path: string;
  text: string;
  /** Content hash: equal stamps mean equal text. */
  stamp: string;
}

export type AnalysisScope =
  { kind: 'workspace' } | { kind: 'directory'; relative: string } | { kind: 'file'; relative: string };

export function inScope(path: string, scope: AnalysisScope): boolean {
  if (scope.kind === 'workspace') return true;
  if (scope.kind === 'file') return path === scope.relative;
  return scope.relative === '.' || path.startsWith(`${scope.relative}/`);
}

export function describeScope(scope: AnalysisScope): string {
  if (scope.kind === 'workspace') return 'the workspace';
  if (scope.kind === 'file') return `'${scope.relative}'`;
  return scope.relative === '.' ? 'the workspace' : `'${scope.relative}/'`;
}

/** FNV-1a over UTF-16 code units; collisions only cost a missed rebuild of one file. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

function looksBinary(path: string, bytes: Uint8Array): boolean {
  const dot = path.lastIndexOf('.');
  if (dot > path.lastIndexOf('/') && BINARY_EXTENSIONS.has(path.slice(dot + 1).toLowerCase())) return true;
  const probe = Math.min(bytes.length, 8192);
  for (let index = 0; index < probe; index++) if (bytes[index] === 0) return true;
  return false;
}

const decoder = new TextDecoder('utf-8');

/** The text of one workspace file, or null when it is binary, too large or unreadable. */
export async function readSourceText(workspace: Workspace, relative: string): Promise<SourceText | null> {
  const absolute = `${WORKSPACE_ROOT}/${relative}`;
  try {
    const stat = await workspace.fs.stat(absolute);
    if (!stat.isFile || stat.size > MAX_ANALYSED_FILE_BYTES) return null;
    const bytes = await workspace.fs.readFileBuffer(absolute);
    if (looksBinary(relative, bytes)) return null;
    const text = decoder.decode(bytes);
    return { path: relative, text, stamp: hashText(text) };
  } catch {
    return null;
  }
}

/** Text files in scope, sorted by path. */
export async function readSourcesInScope(
  workspace: Workspace,
  scope: AnalysisScope,
  accept: (path: string) => boolean = () => true,
): Promise<SourceText[]> {
  const paths =
    scope.kind === 'file'
      ? [scope.relative]
      : (await workspace.listFiles()).filter((path) => inScope(path, scope) && accept(path));
  const sources = await Promise.all(paths.map((path) => readSourceText(workspace, path)));
  return sources.filter((source): source is SourceText => source !== null);
}

export type ScopeResolution = { ok: true; scope: AnalysisScope } | { ok: false; outcome: ToolOutcome };

/**
 * Turn a `path` argument (and, for semantic_search, a `scope`) into a checked scope.
 * Without an explicit kind, the path's own type decides.
 */
export async function resolveScope(
  workspace: Workspace,
  userPath: string | undefined,
  requestedKind: 'workspace' | 'directory' | 'file' | undefined,
  parameter = 'path',
): Promise<ScopeResolution> {
  if (userPath === undefined || userPath.trim() === '') {
    if (requestedKind === 'directory' || requestedKind === 'file') {
      return {
        ok: false,
        outcome: fail('validation_failed', `Parameter '${parameter}' is required when scope is '${requestedKind}'`),
      };
    }
    return { ok: true, scope: { kind: 'workspace' } };
  }
  const resolved = await resolve(workspace, userPath, { parameter, mustExist: true });
  if (!resolved.ok) return resolved;
  const stat = await workspace.fs.stat(resolved.absolute);
  if (requestedKind === 'file' && !stat.isFile) {
    return {
      ok: false,
      outcome: fail(
        'not_a_file',
        `Parameter '${parameter}': '${userPath}' is a directory, but scope 'file' needs a file`,
      ),
    };
  }
  if (requestedKind === 'directory' && !stat.isDirectory) {
    return {
      ok: false,
      outcome: fail(
        'not_a_directory',
        `Parameter '${parameter}': '${userPath}' is a file, but scope 'directory' needs a directory`,
      ),
    };
  }
  if (stat.isDirectory) return { ok: true, scope: { kind: 'directory', relative: resolved.relative } };
  return { ok: true, scope: { kind: 'file', relative: resolved.relative } };
}

/** The 1-based line of text, trimmed, cut to a readable length. */
export function lineText(lines: readonly string[], line: number, max = 200): string {
  const text = (lines[line - 1] ?? '').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
