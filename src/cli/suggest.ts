import { closestToolNames } from '../core/registry/suggest';
import type { ToolsetBundle } from '../core/toolset/types';

export const unknownToolMessage = (bundle: ToolsetBundle, typed: string): string => {
  const suggestions = closestToolNames(bundle.tools, typed);
  const hint =
    suggestions.length > 0
      ? ` Did you mean: ${suggestions.join(', ')}?`
      : ` Run 'list' to see the ${bundle.tools.length === 1 ? 'one tool' : `${bundle.tools.length} tools`}.`;
  return `Unknown tool '${typed}'.${hint}`;
};
