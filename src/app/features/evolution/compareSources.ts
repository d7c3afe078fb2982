/** What the Compare view can put on either side: a version of this tool, the same tool in another toolset, or a paste. */
import type { DiffableDefinition } from '../../../core/diff';
import { toolVersions } from '../../../core/toolset/versions';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { type ToolsetEntry } from '../../lib/toolset';
import type { Toolsets } from '../../services/toolsets';

export const PASTED = 'pasted';

export interface CompareSource {
  /** Stable id for the select: `version:1.0.0`, `toolset:<id>`, or `pasted`. */
  id: string;
  label: string;
  definition?: DiffableDefinition;
}

/** A tool of the same name in another toolset, with that toolset's entry. */
export interface SameNamedTool {
  entry: ToolsetEntry;
  tool: ToolDefinition;
}

/** The definitions of the tools named `name` in every toolset but `toolsetId` (a bundled one loads), made once while the toolsets stay as they are. */
export function loadSameNamedTools(toolsets: Toolsets, toolsetId: string, name: string): Promise<SameNamedTool[]> {
  return toolsets.cached(`same-named\n${toolsetId}\n${name}`, () => {
    const others = toolsets
      .entries()
      .filter((entry) => entry.toolset.manifest.id !== toolsetId && entry.toolset.toolNames.includes(name));
    return Promise.all(
      others.map((entry) =>
        toolsets
          .loadTool(entry.toolset.manifest.id, name)
          .then((found) => (found ? { entry, tool: found.tool } : null)),
      ),
    ).then((found) => found.filter((other): other is SameNamedTool => other !== null));
  });
}

/** Versions of the tool newest first, then the same name in every other toolset (`others`), then a pasted definition. */
export function compareSources(
  toolset: ToolsetBundle,
  tool: ToolDefinition,
  others: readonly SameNamedTool[],
): CompareSource[] {
  const versions = toolVersions(toolset, tool.name);
  const sources: CompareSource[] = versions.map((version) => ({
    id: `version:${version.version}`,
    label: `${version.version}${version === tool ? ' (current)' : ''}`,
    definition: version,
  }));
  for (const { entry, tool: other } of others) {
    if (entry.toolset.manifest.id === toolset.manifest.id || other.name !== tool.name) continue;
    sources.push({
      id: `toolset:${entry.toolset.manifest.id}`,
      label: `${entry.toolset.manifest.name} (${entry.origin}) ${other.version}`,
      definition: other,
    });
  }
  sources.push({ id: PASTED, label: 'A pasted definition…' });
  return sources;
}

/** The default pair: the newest earlier version against the current one, or current against a paste. */
export function defaultPair(sources: readonly CompareSource[]): [string, string] {
  const versions = sources.filter((source) => source.id.startsWith('version:'));
  if (versions.length >= 2) return [versions[1]!.id, versions[0]!.id];
  return [versions[0]?.id ?? PASTED, PASTED];
}
