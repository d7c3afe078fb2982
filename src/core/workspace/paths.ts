/**
 * The path policy every tool applies before touching the workspace:
 * paths are relative to the workspace root; nothing may resolve outside it.
 */
import { WORKSPACE_ROOT, type PathError, type PathErrorCode } from './types';

/** Reads above this size are refused (the limit of read_file and search). */
export const MAX_READ_BYTES = 10 * 1024 * 1024;

/** No file in the workspace grows past this, whoever writes it (shell, node, Python). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Node's EFBIG message for a write that would take a file past MAX_FILE_BYTES. */
export function fileTooLargeMessage(operation: string, userPath: string, bytes: number): string {
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return `EFBIG: file too large (${megabytes} MB, over the workspace's ${MAX_FILE_BYTES / (1024 * 1024)} MB limit per file; write it in smaller files), ${operation} '${displayPath(userPath)}'`;
}

const SHOWN_PATH_LENGTH = 120;

export type NormalizedPath = { ok: true; absolute: string; relative: string } | { ok: false; reason: string };

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** How a path is quoted in messages: control characters escaped, long paths cut. */
export function displayPath(userPath: string): string {
  // Escaping only lengthens, so the first SHOWN_PATH_LENGTH + 1 characters decide what is shown: a huge path is not
  // scanned whole for a message that shows 120 characters of it.
  // Tested before replacing: a replace with a callback cost some 70 ns even with nothing to replace (--cpu-prof).
  const shown = userPath.slice(0, SHOWN_PATH_LENGTH + 1);
  const escaped = CONTROL_CHARACTER.test(shown)
    ? shown.replace(CONTROL_CHARACTERS, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`)
    : shown;
  return escaped.length > SHOWN_PATH_LENGTH ? `${escaped.slice(0, SHOWN_PATH_LENGTH - 1)}…` : escaped;
}

export function pathError(code: PathErrorCode, parameter: string, userPath: string, detail: string): PathError {
  return { code, message: `Parameter '${parameter}': ${detail}: '${displayPath(userPath)}'` };
}

/** Percent-decode repeatedly (double encoding too); undefined when the text is not valid encoding. */
function percentDecode(text: string): string | undefined {
  let current = text;
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(current); round += 1) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return undefined;
    }
  }
  return current;
}

const countSeparators = (text: string): number => (text.match(/[\\/]/g) ?? []).length;
const countDotDots = (text: string): number => text.split(/[\\/]+/).filter((segment) => segment === '..').length;

/**
 * Characters that compatibility normalisation (NFKC, as some file systems and tools apply) turns into
 * dots or slashes: `\u2025` (two-dot leader) becomes `..`, `\uFF0F` (fullwidth solidus) `/`. A name
 * using them to spell traversal is refused rather than trusted to stay a plain name everywhere.
 */
function lookAlikeTraversal(userPath: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(userPath)) return null;
  const folded = userPath.normalize('NFKC');
  if (countDotDots(folded) > countDotDots(userPath) || countSeparators(folded) > countSeparators(userPath)) {
    return 'path is outside the workspace (look-alike Unicode dots or slashes spell a traversal)';
  }
  return null;
}

/** Split on both separators and resolve `.` and `..`; null when `..` climbs above the start. */
function resolveSegments(path: string, base: string[]): string[] | null {
  const stack = [...base];
  for (const segment of path.split(/[\\/]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (stack.length === 0) return null;
      stack.pop();
    } else {
      stack.push(segment);
    }
  }
  return stack;
}

const ROOT_SEGMENTS = WORKSPACE_ROOT.split('/').filter(Boolean);

/**
 * Pure lexical check: normalise separators, `.`, `..` and duplicate slashes, and refuse anything
 * that would land outside the workspace. Does not look at the file system (see `resolvePath`).
 */
export function normalizeWorkspacePath(userPath: string): NormalizedPath {
  if (typeof userPath !== 'string') return { ok: false, reason: 'path must be a string' };
  // ValidatePath's rule: an empty or blank path names nothing (it is not the workspace root).
  if (userPath.trim() === '') return { ok: false, reason: 'Path cannot be empty' };
  if (userPath.includes('\u0000')) return { ok: false, reason: 'path contains a NUL byte' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(userPath)) return { ok: false, reason: 'path contains control characters' };

  const decoded = percentDecode(userPath);
  if (decoded !== undefined && decoded !== userPath) {
    // A name like "100%25.txt" is fine; encoding used to smuggle separators, dots or NUL is not.
    if (decoded.includes('\u0000')) return { ok: false, reason: 'path contains an encoded NUL byte' };
    const encodedSegments = decoded.split(/[\\/]+/);
    const rawSegments = userPath.split(/[\\/]+/);
    const smuggledDotDot =
      encodedSegments.filter((segment) => segment === '..').length >
      rawSegments.filter((segment) => segment === '..').length;
    if (smuggledDotDot || /%(2f|5c)/i.test(userPath)) {
      return { ok: false, reason: 'path is outside the workspace (percent-encoded traversal)' };
    }
  }

  const lookAlike = lookAlikeTraversal(userPath);
  if (lookAlike !== null) return { ok: false, reason: lookAlike };

  const trimmed = userPath.trim();
  if (/^[a-zA-Z]:/.test(trimmed)) return { ok: false, reason: 'path is outside the workspace (Windows drive path)' };
  if (trimmed.startsWith('\\\\')) return { ok: false, reason: 'path is outside the workspace (network share path)' };
  if (trimmed.startsWith('~')) return { ok: false, reason: 'path is outside the workspace (home directory path)' };

  const isAbsolute = /^[\\/]/.test(trimmed);
  const segments = resolveSegments(trimmed, isAbsolute ? [] : ROOT_SEGMENTS);
  if (segments === null) return { ok: false, reason: 'path is outside the workspace' };
  const insideRoot = ROOT_SEGMENTS.every((segment, index) => segments[index] === segment);
  if (!insideRoot) return { ok: false, reason: 'path is outside the workspace' };
  const relativeSegments = segments.slice(ROOT_SEGMENTS.length);
  const relative = relativeSegments.length === 0 ? '.' : relativeSegments.join('/');
  const absolute = relativeSegments.length === 0 ? WORKSPACE_ROOT : `${WORKSPACE_ROOT}/${relative}`;
  return { ok: true, absolute, relative };
}

const SECRET_FILE_NAMES = new Set([
  '.env',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.pypirc',
]);
const SECRET_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks'];
/** Templates of `.env` hold no secrets and are meant to be edited. */
const ENV_TEMPLATE_SUFFIXES = ['.example', '.sample', '.template', '.dist'];

/**
 * True for `.git` and anything inside it, in any letter case and with the trailing dots or spaces
 * Windows ignores (`.GIT`, `.git.`), as git itself refuses them: on a case-insensitive checkout they
 * are the same directory.
 */
export function isGitInternal(relative: string): boolean {
  return relative.split(/[\\/]/).some((segment) => segment.toLowerCase().replace(/[. ]+$/, '') === '.git');
}

/** Why a workspace-relative path may not be written, moved or deleted; null when it may. */
export function protectedReason(relative: string): string | null {
  const segments = relative.split('/');
  if (isGitInternal(relative)) return 'path is inside the .git directory, which only git commands may change';
  const name = (segments[segments.length - 1] ?? '').toLowerCase();
  if (SECRET_FILE_NAMES.has(name)) return 'path is a secrets file and is protected';
  if (name.startsWith('.env.') && !ENV_TEMPLATE_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return 'path is an environment secrets file and is protected';
  }
  if (/^id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/.test(name)) return 'path is an SSH key and is protected';
  if (SECRET_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return 'path is a key or certificate file and is protected';
  return null;
}

/** Refuse reads over MAX_READ_BYTES; null when the size is fine. */
export function checkReadSize(bytes: number, parameter = 'path', userPath = ''): PathError | null {
  if (bytes <= MAX_READ_BYTES) return null;
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return {
    code: 'file_too_large',
    message: `Parameter '${parameter}': file is ${megabytes} MB (${bytes} bytes), over the ${MAX_READ_BYTES / (1024 * 1024)} MB read limit${userPath ? `: '${displayPath(userPath)}'` : ''}`,
  };
}

/** True when an absolute path is the workspace root or inside it. */
export function isInsideWorkspace(absolute: string): boolean {
  return absolute === WORKSPACE_ROOT || absolute.startsWith(`${WORKSPACE_ROOT}/`);
}
