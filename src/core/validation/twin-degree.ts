/**
 * The analysis of warning patterns' native twins (warning-pattern.ts), apart from the pattern code itself: the page's
 * validator has the build's verdicts for the bundled tools and loads this only with RE2 (linear-engine.ts). Measured
 * with `npm run bench embed`: the analysis was about 4 KB of the validator's 19 KB gzip.
 */
import type { ToolDefinition } from '../toolset/types';
import type { EngineParts } from './linear-engine';
import { compileLinear } from './linear-regex';
import { analysePattern } from './regex';
import { nativeTwinSource } from './warning-pattern';

/** The twin's degree read case-insensitively, as the twin runs; null where the analysis refuses it. */
function twinDegree(twin: string): number | null {
  const verdict = analysePattern(twin, 'i');
  return verdict.ok ? verdict.degree : null;
}

/** RE2 and the analysis: what an engine brings (readyRegexEngine, or the page's lazyRegexEngine once loaded). */
export const ENGINE_PARTS: EngineParts = { compile: compileLinear, twinDegree };

/** Every twin of the tools' warning patterns with its degree: what the build gives the page (pageValidator.ts). */
export function twinDegreesOf(tools: readonly ToolDefinition[]): Record<string, number | null> {
  const degrees: Record<string, number | null> = {};
  for (const tool of tools) {
    for (const rule of tool.warnings ?? []) {
      if (!('matches' in rule)) continue;
      const twin = nativeTwinSource(rule.matches);
      if (twin === null || Object.prototype.hasOwnProperty.call(degrees, twin)) continue;
      try {
        new RegExp(twin, 'i');
      } catch {
        continue; // no twin runs then (warning-pattern.ts)
      }
      degrees[twin] = twinDegree(twin);
    }
  }
  return degrees;
}
