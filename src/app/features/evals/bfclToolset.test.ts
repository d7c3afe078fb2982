import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { EvalSuite } from '../../../core/evals';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { oneToolToolset, openTab, storedRecords } from '../../services/toolsetTabs.test-support';
import { keepBfclToolset } from './bfclToolset';

const imported = (tool: string): { suite: EvalSuite; toolset: ToolsetBundle } => ({
  suite: { name: 'simple', toolset: 'bfcl-simple', repetitions: 1, cases: [] },
  toolset: oneToolToolset({ id: 'bfcl-simple', name: 'simple functions', description: 'd' }, tool, `Calls ${tool}.`),
});

describe('a BFCL import kept as a toolset', () => {
  it('two tabs importing files of one name at once keep both toolsets, each suite naming its own', async () => {
    // Two tabs over one database, neither told of the other's import: both wish for "bfcl-simple".
    const [tabA, tabB] = await Promise.all([openTab(), openTab()]);
    const [keptA, keptB] = await Promise.all([
      keepBfclToolset(tabA, imported('from_a')),
      keepBfclToolset(tabB, imported('from_b')),
    ]);
    expect(new Set([keptA.suite.toolset, keptB.suite.toolset])).toEqual(new Set(['bfcl-simple', 'bfcl-simple-2']));
    const stored = await storedRecords();
    const toolOf = (id: string) =>
      stored.find((record) => record.toolset.manifest.id === id)?.toolset.tools.map((tool) => tool.name);
    expect(toolOf(keptA.suite.toolset)).toEqual(['from_a']);
    expect(toolOf(keptB.suite.toolset)).toEqual(['from_b']);
    expect(keptA.toolset.manifest.id).toBe(keptA.suite.toolset);
    expect(stored.map((record) => record.format)).toEqual(['BFCL function docs', 'BFCL function docs']);
  });
});
