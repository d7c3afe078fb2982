import { createRegistry } from '../core/registry';
import type { ToolsetBundle } from '../core/toolset/types';
import { levenshtein } from '../core/validation/suggest';

/** Up to three tool names close to what was typed: small edit distance first, then search matches. */
export const closestToolNames = (bundle: ToolsetBundle, typed: string): string[] => {
  const lowered = typed.toLowerCase();
  const limit = Math.max(2, Math.floor(lowered.length / 3));
  const byDistance = bundle.tools
    .map((tool) => ({ name: tool.name, distance: levenshtein(lowered, tool.name.toLowerCase(), limit) }))
    .filter((candidate) => candidate.distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .map((candidate) => candidate.name);
  const bySearch = lowered.length >= 3 ? createRegistry(bundle).search(lowered).map((tool) => tool.name) : [];
  return [...new Set([...byDistance, ...bySearch])].slice(0, 3);
};

export const unknownToolMessage = (bundle: ToolsetBundle, typed: string): string => {
  const suggestions = closestToolNames(bundle, typed);
  const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : ` Run 'list' to see the ${bundle.tools.length === 1 ? 'one tool' : `${bundle.tools.length} tools`}.`;
  return `Unknown tool '${typed}'.${hint}`;
};
