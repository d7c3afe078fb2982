/**
 * A toolset a link carries, kept among this browser's imported toolsets without overwriting one another tab keeps:
 * its id is chosen in the storage transaction that writes it.
 */
import type { SharedToolset } from '../lib/sharedToolset';
import type { ImportedToolsetRecord } from '../lib/importedToolsets';
import type { Toolsets } from './toolsets';

/**
 * `known`: this tab keeps the same toolset under the link's id already, nothing was written. `kept`: kept under the
 * link's id (which no other toolset had, or which held this same toolset). `beside`: another toolset holds the link's
 * id, so the link's is kept under a fresh one.
 */
export type LinkedToolsetOutcome = 'known' | 'kept' | 'beside';

export async function keepLinkedToolset(
  toolsets: Toolsets,
  id: string,
  shared: SharedToolset,
): Promise<{ id: string; outcome: LinkedToolsetOutcome }> {
  const toolset = { ...shared.toolset, manifest: { ...shared.toolset.manifest, id } };
  const text = JSON.stringify(toolset);
  const same = (record: ImportedToolsetRecord): boolean => JSON.stringify(record.toolset) === text;
  const known = toolsets.find(id);
  if (known?.origin === 'imported' && known.record && same(known.record)) return { id, outcome: 'known' };
  // What this tab knows may be stale (another tab wrote since): the stored record under the id decides, in the write.
  const kept = await toolsets.saveNew(
    { toolset, format: 'a shared link', importedAt: Date.now(), mocks: shared.mocks },
    { sameAs: same },
  );
  const keptId = kept.toolset.manifest.id;
  return { id: keptId, outcome: keptId === id ? 'kept' : 'beside' };
}
