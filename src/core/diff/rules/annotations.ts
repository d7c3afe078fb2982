/** Wording only: descriptions, titles, examples, comments. Patch changes. */
import type { JsonValue } from '../../toolset/types';
import { jsonEqual } from '../../json/json-equal';
import { childPointer } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';
import { isJsonObject } from '../../json/is-json-object';

const ANNOTATION_KEYWORDS = ['title', 'description', 'examples', '$comment'] as const;
/** Keywords that identify the document rather than constrain it: `$id` carries the version, so it always changes. */
const IDENTITY_KEYWORDS = ['$id', '$schema'] as const;

const isVendorExtension = (keyword: string): boolean => keyword.startsWith('x-');

/** A schema with every annotation removed at every depth: what it accepts, not how it reads. */
export function withoutAnnotations(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((item) => withoutAnnotations(item) as JsonValue);
  if (!isJsonObject(value)) return value;
  const result: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    if (
      (ANNOTATION_KEYWORDS as readonly string[]).includes(key) ||
      (IDENTITY_KEYWORDS as readonly string[]).includes(key) ||
      isVendorExtension(key)
    )
      continue;
    // Inside `properties`, keys are parameter names, not keywords: keep them all.
    result[key] =
      key === 'properties' && isJsonObject(child)
        ? Object.fromEntries(
            Object.entries(child).map(([name, schema]) => [name, withoutAnnotations(schema) as JsonValue]),
          )
        : (withoutAnnotations(child) as JsonValue);
  }
  return result;
}

const WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  examples: 'examples',
  $comment: 'comment',
};

export const annotationsRule: DiffRule & { owns(keyword: string): boolean } = {
  keywords: [...ANNOTATION_KEYWORDS, ...IDENTITY_KEYWORDS],
  owns: (keyword) => annotationsRule.keywords.includes(keyword) || isVendorExtension(keyword),
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const keywords = new Set(
      [...Object.keys(before), ...Object.keys(after)].filter(
        (keyword) => (ANNOTATION_KEYWORDS as readonly string[]).includes(keyword) || isVendorExtension(keyword),
      ),
    );
    const changes: SchemaChange[] = [];
    for (const keyword of keywords) {
      const old = before[keyword];
      const next = after[keyword];
      if (jsonEqual(old, next)) continue;
      const what = WORDS[keyword] ?? `annotation '${keyword}'`;
      const where = parameter ? ` of '${parameter}'` : '';
      const verb = old === undefined ? 'added' : next === undefined ? 'removed' : 'changed';
      changes.push({
        pointer: childPointer(pointer, keyword),
        keyword,
        class: 'patch',
        rule: 'annotation-changed',
        message: `The ${what}${where} was ${verb}: wording only, every call means what it meant.`,
        ...(old === undefined ? {} : { before: old }),
        ...(next === undefined ? {} : { after: next }),
      });
    }
    return changes;
  },
};
