/** Semver diff of tool definitions: every change with its pointer, class and reason, and the version it calls for. */
import { diffOutputSchemas } from './rules/outputSchema';
import { diffToolFields, type DiffableDefinition } from './rules/tool';
import type { ChangeClass, SchemaChange } from './types';
import { checkVersion, requiredBump, type Bump, type VersionCheck } from './version';
import { diffSchemas } from './walk';

export type { ChangeClass, SchemaChange } from './types';
export { CHANGE_CLASSES } from './types';
export type { DiffableDefinition } from './rules/tool';
export { requiredBump } from './version';

export interface DefinitionDiff {
  changes: SchemaChange[];
  counts: Record<ChangeClass, number>;
  required: Bump;
  /** Present when both sides carry a version. */
  version?: VersionCheck;
}

export function countChanges(changes: readonly SchemaChange[]): Record<ChangeClass, number> {
  const counts: Record<ChangeClass, number> = { breaking: 0, minor: 0, patch: 0 };
  for (const change of changes) counts[change.class] += 1;
  return counts;
}

const CLASS_ORDER: Record<ChangeClass, number> = { breaking: 0, minor: 1, patch: 2 };

/** Breaking first, then minor, then patch; walk order within a class. */
export const sortChanges = (changes: readonly SchemaChange[]): SchemaChange[] =>
  changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => CLASS_ORDER[a.change.class] - CLASS_ORDER[b.change.class] || a.index - b.index)
    .map(({ change }) => change);

/** Compares two tool definitions (bundled, imported or pasted); pointers are into the definition. */
export function diffDefinitions(before: DiffableDefinition, after: DiffableDefinition): DefinitionDiff {
  const changes = sortChanges([
    ...diffToolFields(before, after),
    ...diffSchemas(before.inputSchema, after.inputSchema, '/inputSchema'),
    ...diffOutputSchemas(before.outputSchema, after.outputSchema),
  ]);
  const result: DefinitionDiff = { changes, counts: countChanges(changes), required: requiredBump(changes) };
  if (before.version !== undefined && after.version !== undefined)
    result.version = checkVersion(before.version, after.version, changes);
  return result;
}
