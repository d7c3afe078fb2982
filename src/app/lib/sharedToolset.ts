/**
 * A whole imported toolset in a link: compressed JSON in the URL fragment (never sent to a server),
 * alongside the tool and arguments. Decoding is bounded, so a crafted link cannot inflate into gigabytes.
 */
import type { Validator } from '../../core/validation/validator';
import { deflateSync, strFromU8, strToU8 } from 'fflate';
import type { ImportProblem, ImportResult } from '../../core/import';
import { MAX_TEXT_DEPTH } from '../../core/import/types';
import { depthMessage, findDeepSpans, lineAndColumnOf, withoutSpans } from '../../core/json/text-limits';
import type { ToolsetBundle } from '../../core/toolset/types';
import type { MockSpec } from './importedToolsets';
import { base64UrlToBytes, bytesToBase64Url } from './shareLinkFormat';
import { formatBytes, inflateBounded, InflatedTooLarge } from './inflateBounded';

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

/** `refused`: each tool of the link the import checks kept out, as "'name' at pointer: reason". */
export type SharedToolsetResult = { ok: true; shared: SharedToolset; refused: string[] } | { ok: false; error: string };

/**
 * The link's text is cut two levels deeper than an import allows (past its {toolset} wrapper), so a tool nested too
 * deep still reaches the import checks too deep, and is refused there by name; nothing deeper is parsed.
 */
const LINK_DEPTH = MAX_TEXT_DEPTH + 2;
const MAX_DEEP_PARTS = 100;

/** A refusal as a notice says it: the tool, where, and why. */
export const describeRefusal = (problem: ImportProblem): string => {
  const where =
    problem.pointer.length > 120
      ? `${problem.pointer.slice(0, 80)}/…${problem.pointer.slice(-30)}`
      : problem.pointer || '/';
  return `${problem.toolName ? `'${problem.toolName}'` : 'a tool'} at ${where}: ${problem.message}`;
};

type Unpacked = { ok: true; value: { toolset?: unknown; mocks?: unknown } } | { ok: false; error: string };

function unpack(encoded: string): Unpacked {
  if (!encoded.startsWith(PREFIX)) return { ok: false, error: 'The link carries a toolset in an unknown format.' };
  let text: string;
  try {
    text = strFromU8(inflateBounded(base64UrlToBytes(encoded.slice(PREFIX.length)), MAX_DECODED_BYTES));
  } catch (error) {
    return {
      ok: false,
      error:
        error instanceof InflatedTooLarge
          ? `The toolset in the link is larger than ${formatBytes(error.limit)} once unpacked; it was not opened.`
          : 'The link is damaged: its toolset could not be decoded.',
    };
  }
  const deep = findDeepSpans(text, LINK_DEPTH, MAX_DEEP_PARTS);
  const outside =
    deep.find((span) => !span.pointer.startsWith('/toolset/')) ?? (deep.length >= MAX_DEEP_PARTS ? deep[0] : undefined);
  if (outside) {
    const { line, column } = lineAndColumnOf(text, outside.start);
    return {
      ok: false,
      error: `The link was not opened: its ${outside.pointer.split('/')[1] || 'text'} is ${depthMessage(LINK_DEPTH, line, column)}.`,
    };
  }
  try {
    return { ok: true, value: JSON.parse(withoutSpans(text, deep)) as { toolset?: unknown; mocks?: unknown } };
  } catch {
    return { ok: false, error: 'The link is damaged: its toolset is not JSON.' };
  }
}

function finish(value: { mocks?: unknown }, imported: ImportResult): SharedToolsetResult {
  if (imported.format !== 'toolset' || imported.toolset.tools.length === 0) {
    return {
      ok: false,
      error: `The toolset in the link could not be read: ${(imported.problems.find((problem) => problem.severity === 'error') ?? imported.problems[0])?.message ?? 'it holds no tools'}`,
    };
  }
  const names = new Set(imported.toolset.tools.map((tool) => tool.name));
  const mocks: Record<string, MockSpec> = {};
  if (typeof value.mocks === 'object' && value.mocks !== null) {
    for (const [name, mock] of Object.entries(value.mocks as Record<string, unknown>)) {
      if (!names.has(name) || typeof mock !== 'object' || mock === null) continue;
      const spec = mock as Partial<{ kind: string; value: unknown; source: unknown }>;
      if (spec.kind === 'json' && 'value' in spec) mocks[name] = { kind: 'json', value: spec.value as never };
      else if (spec.kind === 'function' && typeof spec.source === 'string')
        mocks[name] = { kind: 'function', source: spec.source };
    }
  }
  const refused = imported.problems.filter((problem) => problem.severity === 'error').map(describeRefusal);
  return { ok: true, shared: { toolset: imported.toolset, mocks }, refused };
}

/**
 * Decodes and re-checks the toolset with the same import checks as a paste, in place (a link is untrusted input).
 * The checks are loaded here on demand: the tool page encodes links but never needs the importers for that.
 */
export async function decodeSharedToolset(encoded: string, validator: Validator): Promise<SharedToolsetResult> {
  return decodeSharedToolsetWith(encoded, async (text) =>
    (await import('../../core/import')).importToolset(text, { validator }),
  );
}

/**
 * The same, with the import checks run by `check` (in the page: a worker, since checking compiles the schemas
 * and the page's policy forbids that).
 */
export async function decodeSharedToolsetWith(
  encoded: string,
  check: (text: string) => Promise<ImportResult>,
): Promise<SharedToolsetResult> {
  const unpacked = unpack(encoded);
  if (!unpacked.ok) return unpacked;
  return finish(unpacked.value, await check(JSON.stringify(unpacked.value.toolset ?? null)));
}
