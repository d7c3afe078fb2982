/**
 * The name a pasted text gives its server: MCP's `serverInfo` (an initialize result, bare or inside a
 * JSON-RPC response) or a capture's `server` record. `title` is the display name MCP intends for people,
 * so it wins over `name`.
 */
import { isJsonObject } from '../json/is-json-object';

const MAX_NAME = 80;

function nameOf(info: unknown): string | null {
  if (!isJsonObject(info)) return null;
  for (const key of ['title', 'name'] as const) {
    const value = info[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, MAX_NAME);
  }
  return null;
}

/** The server's name when the text carries it, else null. Looks one wrapper deep: `result`, `provenance`. */
export function serverNameOf(value: unknown): string | null {
  if (!isJsonObject(value)) return null;
  const holders = [value, value.result, value.provenance];
  for (const holder of holders) {
    if (!isJsonObject(holder)) continue;
    const name = nameOf(holder.serverInfo) ?? nameOf(holder.server);
    if (name) return name;
  }
  return null;
}

/** A file's name as a toolset name: without its folder and its `.json` ending. */
export function nameFromFileName(fileName: string): string {
  return fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.json$/i, '')
    .trim()
    .slice(0, MAX_NAME);
}
