/** The lockfile "Pin" writes: the server it came from, and per tool its hash and the definition hashed. */
import { hashTool, pinnedPart, type PinnedTool } from './hash';
import { isJsonObject } from '../../json/is-json-object';

const LOCKFILE_VERSION = 1;

interface LockedTool {
  hash: string;
  definition: PinnedTool;
}

export interface Lockfile {
  lockfileVersion: typeof LOCKFILE_VERSION;
  server: { name: string; version: string };
  /** By tool name, sorted, so the file diffs cleanly in review. */
  tools: Record<string, LockedTool>;
}

export async function createLockfile(
  server: { name: string; version: string },
  tools: readonly Record<string, unknown>[],
): Promise<Lockfile> {
  const entries = await Promise.all(
    tools
      .filter((tool) => typeof tool.name === 'string')
      .map(
        async (tool) => [tool.name as string, { hash: await hashTool(tool), definition: pinnedPart(tool) }] as const,
      ),
  );
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    lockfileVersion: LOCKFILE_VERSION,
    server: { name: server.name, version: server.version },
    tools: Object.fromEntries(entries),
  };
}

export const serializeLockfile = (lockfile: Lockfile): string => `${JSON.stringify(lockfile, null, 2)}\n`;

export type ParsedLockfile = { ok: true; lockfile: Lockfile } | { ok: false; message: string };

/** Reads a lockfile, naming the field that is wrong. */
export function parseLockfile(text: string): ParsedLockfile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `lockfile: not JSON (${(error as Error).message})` };
  }
  if (!isJsonObject(value)) return { ok: false, message: 'lockfile: must be a JSON object' };
  if (value.lockfileVersion !== LOCKFILE_VERSION)
    return {
      ok: false,
      message: `lockfile: /lockfileVersion must be ${LOCKFILE_VERSION} (found ${JSON.stringify(value.lockfileVersion ?? null)})`,
    };
  if (!isJsonObject(value.server) || typeof value.server.name !== 'string' || typeof value.server.version !== 'string')
    return { ok: false, message: 'lockfile: /server must be {"name": string, "version": string}' };
  if (!isJsonObject(value.tools)) return { ok: false, message: 'lockfile: /tools must be an object of tools by name' };
  for (const [name, tool] of Object.entries(value.tools)) {
    if (!isJsonObject(tool) || typeof tool.hash !== 'string' || !isJsonObject(tool.definition))
      return { ok: false, message: `lockfile: /tools/${name} must be {"hash": string, "definition": object}` };
  }
  return { ok: true, lockfile: value as unknown as Lockfile };
}
