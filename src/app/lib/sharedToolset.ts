/**
 * A whole imported toolset in a link: compressed JSON in the URL fragment (never sent to a server),
 * alongside the tool and arguments. Decoding is bounded, so a crafted link cannot inflate into gigabytes.
 */
import type { Validator } from '../../core/validation/validator';
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import type { ImportResult } from '../../core/import';
import type { ToolsetBundle } from '../../core/toolset/types';
import type { MockSpec } from './importedToolsets';
import { base64UrlToBytes, bytesToBase64Url } from './shareLinkFormat';

const PREFIX = 't';
export { MAX_SHARED_LINK_LENGTH } from './sharedToolsetLimits';
const MAX_DECODED_BYTES = 8 * 1024 * 1024;

export interface SharedToolset {
  toolset: ToolsetBundle;
  mocks: Record<string, MockSpec>;
}

export function encodeSharedToolset(shared: SharedToolset): string {
  return PREFIX + bytesToBase64Url(deflateSync(strToU8(JSON.stringify(shared)), { level: 9 }));
}

/** Inflates at most `limit` bytes; more means the link is not one of ours. */
function boundedInflate(bytes: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new Error('too large');
    chunks.push(chunk);
  });
  inflater.push(bytes, true);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export type SharedToolsetResult = { ok: true; shared: SharedToolset } | { ok: false; error: string };

type Unpacked = { ok: true; value: { toolset?: unknown; mocks?: unknown } } | { ok: false; error: string };

function unpack(encoded: string): Unpacked {
  if (!encoded.startsWith(PREFIX)) return { ok: false, error: 'The link carries a toolset in an unknown format.' };
  let text: string;
  try {
    text = strFromU8(boundedInflate(base64UrlToBytes(encoded.slice(PREFIX.length)), MAX_DECODED_BYTES));
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error && error.message === 'too large' ? 'The toolset in the link is larger than 8 MB once unpacked; it was not opened.' : 'The link is damaged: its toolset could not be decoded.',
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as { toolset?: unknown; mocks?: unknown } };
  } catch {
    return { ok: false, error: 'The link is damaged: its toolset is not JSON.' };
  }
}

function finish(value: { mocks?: unknown }, imported: ImportResult): SharedToolsetResult {
  if (imported.format !== 'toolset' || imported.toolset.tools.length === 0) {
    return { ok: false, error: `The toolset in the link could not be read: ${(imported.problems.find((problem) => problem.severity === 'error') ?? imported.problems[0])?.message ?? 'it holds no tools'}` };
  }
  const names = new Set(imported.toolset.tools.map((tool) => tool.name));
  const mocks: Record<string, MockSpec> = {};
  if (typeof value.mocks === 'object' && value.mocks !== null) {
    for (const [name, mock] of Object.entries(value.mocks as Record<string, unknown>)) {
      if (!names.has(name) || typeof mock !== 'object' || mock === null) continue;
      const spec = mock as Partial<{ kind: string; value: unknown; source: unknown }>;
      if (spec.kind === 'json' && 'value' in spec) mocks[name] = { kind: 'json', value: spec.value as never };
      else if (spec.kind === 'function' && typeof spec.source === 'string') mocks[name] = { kind: 'function', source: spec.source };
    }
  }
  return { ok: true, shared: { toolset: imported.toolset, mocks } };
}

/**
 * Decodes and re-checks the toolset with the same import checks as a paste, in place (a link is untrusted input).
 * The checks are loaded here on demand: the tool page encodes links but never needs the importers for that.
 */
export async function decodeSharedToolset(encoded: string, validator: Validator): Promise<SharedToolsetResult> {
  return decodeSharedToolsetWith(encoded, async (text) => (await import('../../core/import')).importToolset(text, { validator }));
}

/**
 * The same, with the import checks run by `check` (in the page: a worker, since checking compiles the schemas
 * and the page's policy forbids that).
 */
export async function decodeSharedToolsetWith(encoded: string, check: (text: string) => Promise<ImportResult>): Promise<SharedToolsetResult> {
  const unpacked = unpack(encoded);
  if (!unpacked.ok) return unpacked;
  return finish(unpacked.value, await check(JSON.stringify(unpacked.value.toolset ?? null)));
}
