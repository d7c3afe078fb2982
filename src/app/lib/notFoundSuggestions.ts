/** What "Not found" offers instead: the toolsets and tools closest to the address typed, as links. */
import { closestNames } from '../../core/registry/suggest';
import { catalogHref, toolHref } from './hrefs';
import type { ToolsetEntry } from './toolset';

export interface Suggestion {
  href: string;
  label: string;
}

/** Toolsets close to an unknown id (by id or name); with a tool name, the tool's page where that toolset has it. */
export function toolsetSuggestions(typed: string, entries: readonly ToolsetEntry[], toolName?: string): Suggestion[] {
  const ids = closestNames(
    typed,
    entries.map((entry) => ({ value: entry.toolset.manifest.id, spellings: [entry.toolset.manifest.name] })),
  );
  return ids.flatMap((id) => {
    const entry = entries.find((candidate) => candidate.toolset.manifest.id === id);
    if (!entry) return [];
    const name = entry.toolset.manifest.name;
    if (toolName === undefined) return [{ href: catalogHref(id), label: name }];
    const tool = closestNames(toolName, entry.toolset.toolNames, { max: 1 })[0];
    return tool === undefined
      ? [{ href: catalogHref(id), label: name }]
      : [{ href: toolHref(id, tool), label: `${tool} in ${name}` }];
  });
}

/** Tools close to an unknown name: in its own toolset first; when none is close there, in the others. */
export function toolSuggestions(typed: string, entry: ToolsetEntry, entries: readonly ToolsetEntry[]): Suggestion[] {
  const own = closestNames(typed, entry.toolset.toolNames).map((tool) => ({
    href: toolHref(entry.toolset.manifest.id, tool),
    label: tool,
  }));
  if (own.length > 0) return own;
  return entries
    .filter((other) => other !== entry)
    .flatMap((other) =>
      closestNames(typed, other.toolset.toolNames, { max: 1 }).map((tool) => ({
        href: toolHref(other.toolset.manifest.id, tool),
        label: `${tool} in ${other.toolset.manifest.name}`,
      })),
    )
    .slice(0, 3);
}
