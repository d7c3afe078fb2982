/** `site build --history <dir>`: earlier releases of the toolsets, each named by its version, as the tools' history. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { compareVersions, parseVersion } from '../../../core/toolset/versions';
import type { Validator } from '../../../core/validation/validator';
import { readInputs, SiteInputError } from './inputs';

/** An entry's version: `1.2.0.json` or a folder `1.2.0/`. */
const versionOf = (entry: string) => entry.replace(/\.json$/i, '');

/**
 * The toolsets with each tool's earlier definitions from the releases in `directory` (any format an input may have),
 * matched by the tool's name. A release named by no version, or not older than a tool's current version, is an error
 * naming it; a tool of a release that the site no longer has is left out, as the versions section compares with the
 * current definition.
 */
export async function withHistory(
  toolsets: readonly ToolsetBundle[],
  directory: string,
  validator: Validator,
): Promise<ToolsetBundle[]> {
  let entries: string[];
  try {
    entries = readdirSync(directory).filter((entry) => !entry.startsWith('.'));
  } catch (error) {
    throw new SiteInputError(`--history ${directory} could not be read: ${(error as Error).message}`);
  }
  const earlier = new Map<string, ToolDefinition[]>();
  for (const entry of entries) {
    if (
      parseVersion(versionOf(entry)) === undefined ||
      (!statSync(join(directory, entry)).isDirectory() && !/\.json$/i.test(entry))
    ) {
      throw new SiteInputError(
        `--history ${directory}: '${entry}' must be a release named by its version, as 1.2.0.json or a folder 1.2.0/.`,
      );
    }
  }
  for (const entry of entries.sort((left, right) => compareVersions(versionOf(left), versionOf(right)))) {
    const path = join(directory, entry);
    const version = versionOf(entry);
    const release = await readInputs([{ kind: 'path', path }], validator);
    for (const tool of release.toolsets.flatMap((toolset) => toolset.tools)) {
      const owner = toolsets.find((toolset) => toolset.tools.some((current) => current.name === tool.name));
      const current = owner?.tools.find((candidate) => candidate.name === tool.name);
      if (owner === undefined || current === undefined) continue;
      if (compareVersions(version, current.version) >= 0) {
        throw new SiteInputError(
          `--history ${directory}: '${entry}' holds ${tool.name} at ${version}, which is not older than its current version ${current.version}.`,
        );
      }
      const list = earlier.get(owner.manifest.id) ?? [];
      list.push({ ...tool, version, category: current.category });
      earlier.set(owner.manifest.id, list);
    }
  }
  return toolsets.map((toolset) => {
    const added = earlier.get(toolset.manifest.id);
    if (added === undefined) return toolset;
    const history = [...(toolset.history ?? []), ...added].sort(
      (left, right) => left.name.localeCompare(right.name) || compareVersions(left.version, right.version),
    );
    return { ...toolset, history };
  });
}
