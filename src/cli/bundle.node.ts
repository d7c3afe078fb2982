/** Where the CLI gets its toolset: the built bundle while it is current, otherwise the schema files themselves. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ToolsetLoadError } from '../core/toolset/load';
import type { ToolsetCollection } from '../core/toolset/collection';
import { loadCollectionFromDirectory } from '../core/toolset/load.node.js';
import type { Validator } from '../core/validation/validator';

/** Newest modification time of the JSON files under a directory, or 0 when there are none. */
const newestJson = (directory: string): number => {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestJson(path));
    else if (entry.name.endsWith('.json')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

/** A bundle at least as new as every schema file (a fresh clone has none; an edited schema makes it stale). */
const isCurrent = (bundleFile: string, schemasDirectory: string): boolean => {
  try {
    return statSync(bundleFile).mtimeMs >= newestJson(schemasDirectory);
  } catch {
    return false;
  }
};

export interface CliBundleLocations {
  /** The output of `npm run bundle`. */
  bundleFile: string;
  /** `schemas/`: meta-schemas and one folder per toolset, watched for changes. */
  schemasDirectory: string;
}

/**
 * Every bundled toolset: the bundle file when current; otherwise the schema folders loaded in memory
 * with the same checks as `npm run bundle`, so the CLI works on a fresh clone and always shows what
 * schemas/ says. A malformed schema file comes back as an error naming the file, the place and the rule.
 */
export const loadCliCollection = async (
  locations: CliBundleLocations,
  validator: Validator,
): Promise<ToolsetCollection | { error: string }> => {
  if (isCurrent(locations.bundleFile, locations.schemasDirectory)) {
    try {
      const parsed = JSON.parse(readFileSync(locations.bundleFile, 'utf8')) as ToolsetCollection;
      if (Array.isArray(parsed.toolsets) && parsed.toolsets.length > 0) return parsed;
    } catch {
      // Unreadable: load the schema files below.
    }
  }
  try {
    return await loadCollectionFromDirectory(locations.schemasDirectory, validator);
  } catch (error) {
    if (error instanceof ToolsetLoadError) return { error: error.message };
    return { error: `The toolsets could not be read: ${(error as Error).message}` };
  }
};
