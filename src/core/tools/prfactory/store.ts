/**
 * PRFactory's platform data (the issue tracker, pull requests) lives in the workspace's own file system
 * under `.git/prfactory/`: git ignores unknown files there, the path policy keeps tools from writing
 * there, and the workspace's snapshot, reset and zip export carry it — persisted like the workspace.
 */
import { WORKSPACE_ROOT, type Workspace } from '../../workspace/types';
import { writeAtomically } from './filesystem/atomic';

const STORE_DIRECTORY = `${WORKSPACE_ROOT}/.git/prfactory`;

export type StoreRead<T> = { ok: true; value: T; created: boolean } | { ok: false; message: string };

/** The stored value, or `initial()` when there is none yet; a damaged file is reported and left as it is. */
export async function readStore<T>(
  workspace: Workspace,
  name: string,
  initial: () => T,
  isValid: (value: unknown) => value is T,
): Promise<StoreRead<T>> {
  const path = `${STORE_DIRECTORY}/${name}`;
  if (!(await workspace.fs.exists(path))) return { ok: true, value: initial(), created: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(await workspace.fs.readFile(path));
  } catch (error) {
    return {
      ok: false,
      message: `The stored ${name} is not valid JSON (${error instanceof Error ? error.message : String(error)}); it was left as it is. Reset the workspace to start again.`,
    };
  }
  if (!isValid(parsed))
    return {
      ok: false,
      message: `The stored ${name} does not have the expected shape; it was left as it is. Reset the workspace to start again.`,
    };
  return { ok: true, value: parsed, created: false };
}

export async function writeStore(workspace: Workspace, name: string, value: unknown): Promise<void> {
  if (!(await workspace.fs.exists(STORE_DIRECTORY))) await workspace.fs.mkdir(STORE_DIRECTORY, { recursive: true });
  await writeAtomically(workspace.fs, `${STORE_DIRECTORY}/${name}`, `${JSON.stringify(value, null, 2)}\n`);
}
