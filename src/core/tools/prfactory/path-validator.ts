/**
 * PRFactory's PathValidator: stricter than the workspace policy it sits on. A path that contains `..`
 * anywhere, or is absolute, is refused outright (the seed's "obvious attacks"); what is left goes through
 * the workspace's own resolution, which follows links and keeps `.git/` internals and secrets out of writes.
 */
import type { Workspace } from '../../workspace/types';
import { fail, resolve, type Resolved } from '../support/handler';

export interface ValidateOptions {
  parameter: string;
  mustExist?: boolean;
  forWrite?: boolean;
  linkItself?: boolean;
}

/** The seed's first checks, without touching the file system; null when the path passes them. */
export function pathAttack(userPath: string, parameter: string): string | null {
  if (userPath.trim() === '') return `Parameter '${parameter}': a path is required`;
  if (userPath.includes('\0')) return `Parameter '${parameter}': security: the path contains a NUL character`;
  if (userPath.includes('..')) return `Parameter '${parameter}': security: path contains '..' which is not allowed`;
  if (userPath.startsWith('/') || userPath.startsWith('\\') || /^[A-Za-z]:/.test(userPath) || userPath.startsWith('~')) {
    return `Parameter '${parameter}': security: absolute paths are not allowed; give a path relative to the workspace root`;
  }
  return null;
}

export async function validatePath(workspace: Workspace, userPath: string, options: ValidateOptions): Promise<Resolved> {
  const attack = pathAttack(userPath, options.parameter);
  if (attack) return { ok: false, outcome: fail('path_outside_workspace', attack) };
  const resolved = await resolve(workspace, userPath, options);
  if (!resolved.ok && resolved.outcome.errorCode === 'path_not_found' && options.mustExist) {
    return { ok: false, outcome: { ...resolved.outcome, suggestedFollowUps: ['List the directory with ListFiles to see what exists'] } };
  }
  return resolved;
}
