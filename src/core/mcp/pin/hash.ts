/**
 * A stable hash per tool: SHA-256 over canonical JSON (keys sorted at every level, no whitespace), so the same
 * definition hashes the same whatever order a server writes its keys in. Web Crypto runs in the page and in Node.
 */

/** JSON with object keys sorted by code point at every level; arrays keep their order (it can mean something). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** The parts of an MCP tool that tell a model what it does and how to call it; `_meta` and icons are left out. */
const PINNED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

export type PinnedTool = Partial<Record<(typeof PINNED_FIELDS)[number], unknown>> & { name: string };

export function pinnedPart(tool: Record<string, unknown>): PinnedTool {
  const picked: Record<string, unknown> = {};
  for (const field of PINNED_FIELDS) if (tool[field] !== undefined) picked[field] = tool[field];
  return picked as PinnedTool;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function hashTool(tool: Record<string, unknown>): Promise<string> {
  return `sha256:${await sha256Hex(canonicalJson(pinnedPart(tool)))}`;
}
