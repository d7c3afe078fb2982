/**
 * A BFCL import's functions kept as an imported toolset, its id chosen in the storage transaction that writes it (two
 * tabs importing at once keep both), and its suite pointed at the id it was kept under.
 */
import type { EvalSuite } from '../../../core/evals';
import type { ToolsetBundle } from '../../../core/toolset/types';
import type { Toolsets } from '../../services/toolsets';

export async function keepBfclToolset(
  toolsets: Toolsets,
  imported: { suite: EvalSuite; toolset: ToolsetBundle },
): Promise<{ suite: EvalSuite; toolset: ToolsetBundle }> {
  const kept = await toolsets.saveNew({
    toolset: imported.toolset,
    format: 'BFCL function docs',
    importedAt: Date.now(),
    mocks: {},
  });
  return { suite: { ...imported.suite, toolset: kept.toolset.manifest.id }, toolset: kept.toolset };
}
