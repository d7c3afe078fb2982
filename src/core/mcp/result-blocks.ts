/**
 * The content blocks of a tools/call result, checked one by one against the rules the protocol gives each kind,
 * before the SDK's client sees the result: the SDK refuses a whole result for one bad block (with its schema
 * library's issue list), so a bad block is replaced by a marker saying which block broke which rule, and the rest of
 * the result is read as usual (see `readBlock`).
 */
import { isJsonObject } from '../json/is-json-object';

/** Where a replaced block says what was wrong with it (a `_meta` key, prefixed as the protocol asks). */
const MALFORMED_BLOCK_KEY = 'dev.tool-schemas/malformed-block';

const isBase64 = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  // The check the SDK applies (atob), so a block kept here is one the SDK accepts.
  try {
    atob(value);
    return true;
  } catch {
    return false;
  }
};

const KINDS = 'text, image, audio, resource_link or resource';

/** The rule a content block breaks, in words, or null when it keeps them all. */
export function blockProblem(block: unknown): string | null {
  if (!isJsonObject(block)) return 'a content block must be an object';
  const need = (field: string) => (typeof block[field] === 'string' ? null : `${field} must be a string`);
  switch (block.type) {
    case 'text':
      return need('text');
    case 'image':
    case 'audio':
      return need('mimeType') ?? (isBase64(block.data) ? null : 'data must be base64');
    case 'resource_link':
      return need('uri') ?? need('name');
    case 'resource': {
      const resource = block.resource;
      if (!isJsonObject(resource)) return 'resource must be an object';
      if (typeof resource.uri !== 'string') return 'resource.uri must be a string';
      if (typeof resource.text === 'string') return null;
      if (resource.blob === undefined) return 'resource needs text or blob';
      return isBase64(resource.blob) ? null : 'resource.blob must be base64';
    }
    default:
      return typeof block.type === 'string'
        ? `type '${block.type.slice(0, 40)}' is none of ${KINDS}`
        : `type must be one of ${KINDS}`;
  }
}

/** "content[1] (image): data must be base64" — the block, its kind and the rule. */
const describe = (index: number, block: unknown, problem: string): string => {
  const type = isJsonObject(block) && typeof block.type === 'string' ? ` (${block.type.slice(0, 40)})` : '';
  return `content[${index}]${type}: ${problem}`;
};

/**
 * A tools/call result with every malformed block replaced by an empty text block whose `_meta` names the block and
 * the rule; the same object when every block is well formed (or there is no content array to read).
 */
export function markMalformedBlocks(result: unknown): unknown {
  if (!isJsonObject(result) || !Array.isArray(result.content)) return result;
  let changed = false;
  const content = result.content.map((block: unknown, index: number) => {
    const problem = blockProblem(block);
    if (problem === null) return block;
    changed = true;
    return { type: 'text', text: '', _meta: { [MALFORMED_BLOCK_KEY]: describe(index, block, problem) } };
  });
  return changed ? { ...result, content } : result;
}

/** The line a marked block carries, or null for any other block. */
export function malformedNote(block: unknown): string | null {
  if (!isJsonObject(block) || !isJsonObject(block._meta)) return null;
  const note = block._meta[MALFORMED_BLOCK_KEY];
  return typeof note === 'string' ? note : null;
}
