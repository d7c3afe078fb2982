/**
 * Layer-1 path security (seed 004): a string parameter whose schema says `"format": "workspace-path"`
 * or `"format": "workspace-relative-path"` is checked lexically at validation time, without a
 * workspace, by the same policy the runtime applies first (workspace/paths.ts). Traversal above the
 * root, absolute paths outside it, NUL and control characters, percent-encoded and look-alike
 * traversal are `path_outside_workspace` on every surface, before anything runs. Links and existence
 * need the workspace and stay with the runtime.
 */
import type Ajv from 'ajv';
import { isGitInternal, normalizeWorkspacePath, protectedReason } from '../workspace/paths';

/** Relative to the workspace root, or absolute inside it (`/workspace/src/app.ts`). */
export const WORKSPACE_PATH_FORMAT = 'workspace-path';
/** Relative only, and no `..` segment at all (PRFactory's PathValidator). */
export const WORKSPACE_RELATIVE_PATH_FORMAT = 'workspace-relative-path';
export const PATH_FORMATS: readonly string[] = [WORKSPACE_PATH_FORMAT, WORKSPACE_RELATIVE_PATH_FORMAT];

export function isPathFormat(format: unknown): format is string {
  return typeof format === 'string' && PATH_FORMATS.includes(format);
}

/** Why a value breaks its path format, in words; null when it passes. */
export function pathViolation(value: string, format: string): string | null {
  const normalized = normalizeWorkspacePath(value);
  if (!normalized.ok) return normalized.reason;
  if (format === WORKSPACE_RELATIVE_PATH_FORMAT) {
    if (/^[\\/]/.test(value.trim())) return 'absolute paths are not allowed; give a path relative to the workspace root';
    if (value.split(/[\\/]+/).includes('..')) return "path contains '..', which is not allowed";
  }
  return null;
}

/** The path formats as Ajv format definitions: registered at run time, and imported by the validators generated at build time. */
export const PATH_FORMAT_DEFINITIONS: Readonly<Record<string, { type: 'string'; validate: (value: string) => boolean }>> = Object.fromEntries(
  PATH_FORMATS.map((format) => [format, { type: 'string' as const, validate: (value: string) => pathViolation(value, format) === null }]),
);

/** Registers the path formats on an Ajv instance, so raw Ajv and the validator agree on validity. */
export function addPathFormats(ajv: Ajv): void {
  for (const [format, definition] of Object.entries(PATH_FORMAT_DEFINITIONS)) {
    if (ajv.formats[format] !== undefined) continue;
    ajv.addFormat(format, definition);
  }
}

/** Valid paths that still earn a remark: which warning, and why. */
export type PathRemark = { code: 'security_concern' | 'compatibility'; message: string };

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * A path that passes the policy but deserves a warning: a secrets file whose content a read would
 * hand to the model (security_concern), or a name that only works on some systems (compatibility).
 */
export function pathRemarks(parameter: string, value: string): PathRemark[] {
  const normalized = normalizeWorkspacePath(value);
  if (!normalized.ok || normalized.relative === '.') return [];
  const remarks: PathRemark[] = [];
  const secret = protectedReason(normalized.relative);
  if (secret !== null && !isGitInternal(normalized.relative)) {
    const kind = secret.replace(/^path is (an? )?/, '').replace(/ and is protected$/, '');
    remarks.push({ code: 'security_concern', message: `Parameter '${parameter}' names a ${kind}; what a tool reads from it reaches the model, and writes to it are refused` });
  } else if (isGitInternal(normalized.relative)) {
    remarks.push({ code: 'security_concern', message: `Parameter '${parameter}' points inside .git; its internals belong to git, and writes there are refused` });
  }
  if (value.includes('\\')) {
    remarks.push({ code: 'compatibility', message: `Parameter '${parameter}' uses backslashes; they are read as separators here, but on Linux and macOS a backslash is part of a file name. Use '/'` });
  }
  const badName = normalized.relative.split('/').find((segment) => WINDOWS_RESERVED.test(segment) || /[<>:"|?*]/.test(segment) || /[. ]$/.test(segment));
  if (badName !== undefined) {
    remarks.push({ code: 'compatibility', message: `Parameter '${parameter}' has the name '${badName}', which Windows cannot create (reserved name, one of <>:"|?*, or a trailing dot or space)` });
  }
  return remarks;
}
