/** What the Compare view can put on either side: a version of this tool, the same tool in another toolset, or a paste. */
import type { DiffableDefinition } from '../../../core/diff';
import { toolVersions } from '../../../core/toolset/versions';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import type { ToolsetEntry } from '../../lib/toolset';

export const PASTED = 'pasted';

export interface CompareSource {
  /** Stable id for the select: `version:1.0.0`, `toolset:<id>`, or `pasted`. */
  id: string;
  label: string;
  definition?: DiffableDefinition;
}

/** Versions of the tool newest first, then the same name in every other toolset, then a pasted definition. */
export function compareSources(toolset: ToolsetBundle, tool: ToolDefinition, entries: readonly ToolsetEntry[]): CompareSource[] {
  const versions = toolVersions(toolset, tool.name);
  const sources: CompareSource[] = versions.map((version) => ({
    id: `version:${version.version}`,
    label: `${version.version}${version === tool ? ' (current)' : ''}`,
    definition: version,
  }));
  for (const entry of entries) {
    if (entry.toolset.manifest.id === toolset.manifest.id) continue;
    const other = entry.toolset.tools.find((candidate) => candidate.name === tool.name);
    if (other) sources.push({ id: `toolset:${entry.toolset.manifest.id}`, label: `${entry.toolset.manifest.name} (${entry.origin}) ${other.version}`, definition: other });
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
