/**
 * Semantic versions of tool definitions and the versions a toolset holds of one tool.
 * Hand-written rather than the `semver` package: only parse and compare are needed, and the
 * meta-schema already pins the syntax, so a dependency would buy nothing.
 */
import type { ToolDefinition, ToolsetBundle } from './types';

export interface SemanticVersion {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers (`1.0.0-beta.2` → ['beta', '2']); empty for a release. */
  prerelease: string[];
}

const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): SemanticVersion | undefined {
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

function comparePrerelease(left: string[], right: string[]): number {
  // A release ranks above its pre-releases (SemVer §11).
  if (left.length === 0 || right.length === 0) return right.length - left.length;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const a = left[index];
    const b = right[index];
    if (a === undefined) return -1;
    if (b === undefined) return 1;
    const aNumeric = /^\d+$/.test(a);
    const bNumeric = /^\d+$/.test(b);
    if (aNumeric && bNumeric && Number(a) !== Number(b)) return Number(a) - Number(b);
    if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** Negative when `left` is older, positive when newer, 0 when equal; unparseable versions sort as text, first. */
export function compareVersions(left: string, right: string): number {
  const a = parseVersion(left);
  const b = parseVersion(right);
  if (!a || !b) return a ? 1 : b ? -1 : left.localeCompare(right);
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || comparePrerelease(a.prerelease, b.prerelease);
}

/** Every version the toolset holds of a tool, newest (the current one) first. */
export function toolVersions(toolset: ToolsetBundle, name: string): ToolDefinition[] {
  const current = toolset.tools.find((tool) => tool.name === name);
  const earlier = (toolset.history ?? []).filter((tool) => tool.name === name);
  return [...(current ? [current] : []), ...earlier].sort((left, right) =>
    compareVersions(right.version, left.version),
  );
}

/** One version of a tool: the current one when `version` is omitted. */
export function findToolVersion(toolset: ToolsetBundle, name: string, version?: string): ToolDefinition | undefined {
  const versions = toolVersions(toolset, name);
  if (version === undefined) return toolset.tools.find((tool) => tool.name === name);
  return versions.find((tool) => tool.version === version);
}
