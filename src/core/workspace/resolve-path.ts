/** The path policy applied to a tool's path: inside the workspace, protected paths, symbolic links followed. */
import type { IndexedInMemoryFs } from './indexed-fs';
import { isInsideWorkspace, normalizeWorkspacePath, pathError, protectedReason } from './paths';
import { WORKSPACE_ROOT, type PathOptions, type ResolvedPath } from './types';

/** An absolute path inside the workspace to its workspace-relative form ('.' for the root). */
export function toRelative(absolute: string): string {
  return absolute === WORKSPACE_ROOT ? '.' : absolute.slice(WORKSPACE_ROOT.length + 1);
}

/** A workspace-relative path (as resolvePath returns it) to its absolute form. */
export function toAbsolute(relative: string): string {
  if (relative === '.' || relative === '') return WORKSPACE_ROOT;
  return `${WORKSPACE_ROOT}/${relative.replace(/^\.?\/+/, '')}`;
}

/** Where a tool's path really is in `fs`, or the error naming the parameter and the rule it broke. */
export async function resolveWorkspacePath(
  fs: IndexedInMemoryFs,
  userPath: string,
  options: PathOptions,
): Promise<ResolvedPath> {
  const parameter = options.parameter;
  if (typeof userPath !== 'string') {
    return {
      ok: false,
      error: { code: 'path_outside_workspace', message: `Parameter '${parameter}': path must be a string` },
    };
  }
  const normalized = normalizeWorkspacePath(userPath);
  if (!normalized.ok)
    return {
      ok: false,
      error: pathError(
        userPath.trim() === '' ? 'invalid_value' : 'path_outside_workspace',
        parameter,
        userPath,
        normalized.reason,
      ),
    };
  if (options.forWrite) {
    const reason = protectedReason(normalized.relative);
    if (reason) return { ok: false, error: pathError('protected_path', parameter, userPath, reason) };
  }

  // Where the path really is. A link made in the shell must not lead a tool out of the workspace,
  // nor around the protection of .git and secrets. (With `linkItself` the link is the subject:
  // removing or moving it touches nothing where it points.)
  let physical: string;
  try {
    physical = fs.physicalPath(normalized.absolute, !options.linkItself);
  } catch {
    return { ok: false, error: pathError('path_not_found', parameter, userPath, 'too many levels of symbolic links') };
  }
  if (!isInsideWorkspace(physical)) {
    return {
      ok: false,
      error: pathError(
        'path_outside_workspace',
        parameter,
        userPath,
        'path leads outside the workspace through a symbolic link',
      ),
    };
  }
  if (options.forWrite && physical !== normalized.absolute) {
    const reason = protectedReason(toRelative(physical));
    if (reason) {
      return {
        ok: false,
        error: pathError(
          'protected_path',
          parameter,
          userPath,
          `path leads through a symbolic link to '${toRelative(physical)}', which is protected (${reason})`,
        ),
      };
    }
  }
  const relative = toRelative(physical);
  if (options.forWrite && relative === '.') {
    return {
      ok: false,
      error: pathError(
        'protected_path',
        parameter,
        userPath,
        'the workspace root itself cannot be written, moved or deleted',
      ),
    };
  }
  if (options.mustExist) {
    const present = options.linkItself
      ? await fs.lstat(physical).then(
          () => true,
          () => false,
        )
      : await fs.exists(physical);
    if (!present)
      return {
        ok: false,
        error: pathError('path_not_found', parameter, userPath, 'no such file or directory in the workspace'),
      };
  }
  return { ok: true, absolute: physical, relative, requested: normalized.relative };
}
