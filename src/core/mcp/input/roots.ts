/** Roots (`roots/list`, deprecated but still served): what the person configured, none by default. */
import type { ListRootsResult, Root } from '@modelcontextprotocol/client';

export function rootsHandler(roots: readonly Root[] = []): () => Promise<ListRootsResult> {
  return async () => ({ roots: roots.map((root) => ({ ...root })) });
}

/** A root from a path or a file:// URL, as a person types it. */
export function rootFrom(text: string): Root {
  if (/^file:\/\//i.test(text)) return { uri: text };
  const absolute = text.startsWith('/') ? text : `/${text}`;
  return { uri: `file://${absolute.split('/').map(encodeURIComponent).join('/')}` };
}
