// Whole-toolset passes at scale: a toolset of 1,000 and of 10,000 tools (an MCP server's tools, copied with their
// own names, so many are look-alikes) imported, linted tool by tool, and audited across tools. Printed side by side:
// a pass that grows near-linearly takes about ten times as long for ten times the tools (aim: ratio ≤ 15, and the
// 10,000-tool audit across tools in seconds).
import { lintToolset } from '../src/core/audit';
import { auditToolset } from '../src/core/audit/toolset';
import { importToolset } from '../src/core/import';
import { createCompilingValidator } from '../src/core/validation/compile';
import { mcpPaste } from './bench-import';

const SIZES = [1_000, 10_000] as const;
const TARGETS = { ratioAtMost: 15, acrossTools10kMs: 5_000 };

const timed = <T>(work: () => T): { value: T; ms: number } => {
  const started = performance.now();
  const value = work();
  return { value, ms: Math.round(performance.now() - started) };
};

export async function benchToolsetScale(): Promise<object> {
  const validator = createCompilingValidator();
  const rows: Record<string, { importMs: number; lintMs: number; acrossToolsMs: number; acrossToolsFindings: number }> =
    {};
  for (const size of SIZES) {
    const imported = timed(() => importToolset(mcpPaste(size), { validator }));
    const lint = timed(() => lintToolset(imported.value.toolset, { validator }));
    const across = timed(() => auditToolset(imported.value.toolset, []));
    rows[`${size} tools`] = {
      importMs: imported.ms,
      lintMs: lint.ms,
      acrossToolsMs: across.ms,
      acrossToolsFindings: across.value.length,
    };
  }
  const [small, large] = SIZES.map((size) => rows[`${size} tools`]!);
  const ratio = (key: 'importMs' | 'lintMs' | 'acrossToolsMs') =>
    Number((large![key] / Math.max(1, small![key])).toFixed(1));
  return {
    ...rows,
    ratio10kTo1k: { import: ratio('importMs'), lint: ratio('lintMs'), acrossTools: ratio('acrossToolsMs') },
    targets: TARGETS,
    meetsTargets:
      ratio('importMs') <= TARGETS.ratioAtMost &&
      ratio('lintMs') <= TARGETS.ratioAtMost &&
      ratio('acrossToolsMs') <= TARGETS.ratioAtMost &&
      large!.acrossToolsMs <= TARGETS.acrossTools10kMs,
  };
}
