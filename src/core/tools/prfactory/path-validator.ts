/**
 * PRFactory's PathValidator: stricter than the workspace policy it sits on. A path that contains `..`
 * anywhere, or is absolute, is refused outright (the "obvious attacks"); what is left goes through
 * the workspace's own resolution, which follows links and keeps `.git/` internals and secrets out of writes.
 */
import { relativePathAttack } from '../../validation/path-formats';
import type { Workspace } from '../../workspace/types';
import { fail, resolve, type Resolved } from '../support/handler';

export interface ValidateOptions {
  parameter: string;
  mustExist?: boolean;
  forWrite?: boolean;
  linkItself?: boolean;
}

/**
 * PathValidator's first checks, without touching the file system; null when the path passes them. The rules are
 * `relativePathAttack`, the very function the `workspace-relative-path` format applies at validation time.
 */
export function pathAttack(userPath: string, parameter: string): string | null {
  switch (relativePathAttack(userPath)) {
    case null:
      return null;
    case 'empty':
      return `Parameter '${parameter}': a path is required`;
    case 'nul':
      return `Parameter '${parameter}': security: the path contains a NUL character`;
    case 'dotdot':
      return `Parameter '${parameter}': security: path contains '..' which is not allowed`;
    case 'absolute':
      return `Parameter '${parameter}': security: absolute paths are not allowed; give a path relative to the workspace root`;
  }
}

export async function validatePath(
  workspace: Workspace,
  userPath: string,
  options: ValidateOptions,
): Promise<Resolved> {
  const attack = pathAttack(userPath, options.parameter);
  if (attack) return { ok: false, outcome: fail('path_outside_workspace', attack) };
  const resolved = await resolve(workspace, userPath, options);
  if (!resolved.ok && resolved.outcome.errorCode === 'path_not_found' && options.mustExist) {
    return {
      ok: false,
      outcome: { ...resolved.outcome, suggestedFollowUps: ['List the directory with ListFiles to see what exists'] },
    };
  }
  return resolved;
}
