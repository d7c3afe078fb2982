/**
 * The warning checks a compiled schema's calls use, and the one thing they remember between calls: the rule list they
 * were planned for. Made with the compiled schema (compiled-schemas.ts) and written by nothing else, so the compiled
 * schema itself stays read-only.
 */
import type { ToolDefinition, WarningRule } from '../toolset/types';
import type { PathFormats } from './path-formats';
import type { DeprecatedProperty, PathProperty } from './rules';
import { compileWarningChecks, type WarningChecks } from './warning-checks';

/** A rule list's checks, with what lets a call skip them. */
interface PlannedChecks {
  readonly run: WarningChecks;
  /** The checks are path remarks alone (no rule, no deprecated parameter): a call whose paths Ajv found clean earns none. */
  readonly pathsOnly: boolean;
}

export interface WarningPlan {
  /**
   * The tool's checks, or null when none can ever apply; planned again only when its rule list is another one (or
   * grew or shrank in place).
   */
  checksFor(tool: ToolDefinition): PlannedChecks | null;
}

export function createWarningPlan(
  shape: {
    readonly pathProperties: readonly PathProperty[];
    readonly deprecatedProperties: readonly DeprecatedProperty[];
  },
  /** The validator's path formats, whose memo the remark pass shares. */
  pathFormats: PathFormats,
): WarningPlan {
  let plannedRules: readonly WarningRule[] | undefined;
  /** No rule list is planned yet: no list has a negative length. */
  let plannedCount = -1;
  let planned: PlannedChecks | null = null;
  return {
    checksFor(tool) {
      const rules = tool.warnings;
      const count = rules === undefined ? 0 : rules.length;
      if (rules !== plannedRules || count !== plannedCount) {
        const run = compileWarningChecks(tool, shape, pathFormats);
        planned = run === null ? null : { run, pathsOnly: count === 0 && shape.deprecatedProperties.length === 0 };
        plannedRules = rules;
        plannedCount = count;
      }
      return planned;
    },
  };
}
