/**
 * What the version number should have done. Breaking → major, minor → minor, patch → patch. Below 1.0.0
 * the rule moves down one place, as npm's and Cargo's caret ranges read it (^0.9.0 takes 0.9.x, not 0.10.0):
 * a breaking change needs a new minor, anything else a new patch.
 */
import { compareVersions, parseVersion, type SemanticVersion } from '../toolset/versions';
import type { ChangeClass, SchemaChange } from './types';

export type Bump = 'major' | 'minor' | 'patch' | 'none';
const BUMP_RANK: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

export function requiredBump(changes: readonly { class: ChangeClass }[]): Bump {
  if (changes.some((change) => change.class === 'breaking')) return 'major';
  if (changes.some((change) => change.class === 'minor')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/** The bump between two versions, in the meaning it has for callers (below 1.0.0 shifted up one place). */
function effectiveBump(from: SemanticVersion, to: SemanticVersion): Bump {
  const initial = from.major === 0 && to.major === 0;
  if (to.major !== from.major) return 'major';
  if (to.minor !== from.minor) return initial ? 'major' : 'minor';
  if (to.patch !== from.patch) return initial ? 'minor' : 'patch';
  return 'none';
}

function bumped(from: SemanticVersion, bump: Bump): string {
  const place = from.major === 0 && bump !== 'none' ? (bump === 'major' ? 'minor' : 'patch') : bump;
  if (place === 'major') return `${from.major + 1}.0.0`;
  if (place === 'minor') return `${from.major}.${from.minor + 1}.0`;
  if (place === 'patch') return `${from.major}.${from.minor}.${from.patch + 1}`;
  return `${from.major}.${from.minor}.${from.patch}`;
}

export interface VersionCheck {
  from: string;
  to: string;
  /** What the changes call for. */
  required: Bump;
  /** The smallest version that follows the rule. */
  expected: string;
  /** False when the new version is too small a step, not newer, or not a version at all. */
  ok: boolean;
  message: string;
}

export function checkVersion(from: string, to: string, changes: readonly SchemaChange[]): VersionCheck {
  const required = requiredBump(changes);
  const old = parseVersion(from);
  const next = parseVersion(to);
  if (!old || !next) {
    const bad = !old ? from : to;
    return {
      from,
      to,
      required,
      expected: '',
      ok: false,
      message: `'${bad}' is not a semantic version (MAJOR.MINOR.PATCH).`,
    };
  }
  const expected = bumped(old, required);
  const order = compareVersions(to, from);
  if (order < 0)
    return {
      from,
      to,
      required,
      expected,
      ok: false,
      message: `${to} is older than ${from}: compare the older version first.`,
    };
  if (order === 0) {
    return required === 'none'
      ? { from, to, required, expected, ok: true, message: `No changes and the same version: nothing to release.` }
      : {
          from,
          to,
          required,
          expected,
          ok: false,
          message: `The definition changed but kept version ${to}: the changes call for a ${required} release, ${expected}.`,
        };
  }
  const actual = effectiveBump(old, next);
  if (BUMP_RANK[actual] < BUMP_RANK[required]) {
    const literal = next.major !== old.major ? 'major' : next.minor !== old.minor ? 'minor' : 'patch';
    const step =
      old.major === 0 && next.major === 0
        ? `bumps the ${literal} number, which below 1.0.0 promises ${actual === 'minor' ? 'compatible changes only' : 'wording changes only'},`
        : `is a ${actual} release`;
    return {
      from,
      to,
      required,
      expected,
      ok: false,
      message: `${from} → ${to} ${step} but the changes are ${required === 'major' ? 'breaking' : required}: it should have been ${expected}.`,
    };
  }
  const note =
    required === 'none'
      ? 'no change to the definition'
      : `the changes call for ${required === 'major' ? 'a breaking' : `a ${required}`} release (${expected} at least)`;
  return { from, to, required, expected, ok: true, message: `${from} → ${to} follows the rule: ${note}.` };
}
