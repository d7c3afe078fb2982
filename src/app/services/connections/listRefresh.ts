/**
 * What a connected server's lists become: its tools published as a live toolset (converted in the schema worker) and
 * refreshed on tools/list_changed, its resources and prompts listed and refreshed on their list_changed.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../../core/mcp/client';
import { verifyTools } from '../../../core/mcp/pin/verify';
import type { ConnectionState } from './connectionState';
import { listChange, liveRecord } from './liveToolset';

export interface ListRefresh {
  /** Resources and prompts, when the server declares them; a failure here leaves the tools usable. */
  listOffers(url: string, connection: McpConnection): Promise<void>;
  /** Converts the tools and saves the live toolset (`refreshing`: a refresh, which never re-creates a deleted one). */
  publishTools(url: string, tools: Tool[], refreshing?: boolean): Promise<void>;
  /** After tools/list_changed: list again, show what changed, save the toolset. */
  refresh(url: string): Promise<void>;
  /** After resources or prompts list_changed: list again, and say which items came and went. */
  refreshOffers(url: string, list: 'resources' | 'prompts'): Promise<void>;
}

export function createListRefresh(state: ConnectionState): ListRefresh {
  const { connections, toolsets, schemaChecks, open, watches, keep } = state;
  const refreshing = new Map<string, { again: boolean }>();

  /** Resources and prompts, when the server declares them; a failure here leaves the tools usable. */
  async function listOffers(url: string, connection: McpConnection): Promise<void> {
    const [resources, templates, prompts] = await Promise.all([
      connection.capabilities.resources ? connection.listResources() : undefined,
      connection.capabilities.resources ? connection.listResourceTemplates() : undefined,
      connection.capabilities.prompts ? connection.listPrompts() : undefined,
    ]);
    connections.update(url, {
      ...(resources ? { resources: resources.ok ? { items: resources.value } : { failure: resources.failure } } : {}),
      ...(templates ? { templates: templates.ok ? { items: templates.value } : { failure: templates.failure } } : {}),
      ...(prompts ? { prompts: prompts.ok ? { items: prompts.value } : { failure: prompts.failure } } : {}),
    });
  }

  /**
   * Converts the tools in the schema worker and saves the live toolset under its id (the first connect wishes for one,
   * and the storage transaction that writes it decides, so two tabs connecting at once keep both). A toolset already
   * kept is refreshed in its stored record, so a rename or delete in another tab stands: a refresh (`refreshing`) never
   * re-creates a deleted one and says so; a connect makes it anew.
   */
  async function publishTools(url: string, tools: Tool[], refreshing = false): Promise<void> {
    const current = connections.get(url)!;
    const server = current.server ?? { name: new URL(url).host, version: '0.0.0' };
    await toolsets.loadImported();
    let toolsetId = current.saved.toolsetId ?? current.toolsetId;
    const existing = toolsetId ? toolsets.find(toolsetId) : undefined;
    if (!toolsetId || (existing && existing.record?.live?.url !== url))
      toolsetId = toolsets.freeId(`mcp-${server.name}`);
    const { importText } = await schemaChecks();
    const { record, problems } = await liveRecord(tools, server, url, toolsetId, importText);
    const kept = existing?.record?.live?.url === url ? await toolsets.refreshTools(record) : null;
    if (kept === null && existing?.record?.live?.url === url && refreshing) {
      connections.update(url, {
        tools,
        problems,
        notSaved: `The live toolset “${existing.toolset.manifest.name}” was deleted in another tab: the refreshed tools were not kept. Connect again to make it anew.`,
      });
      return;
    }
    // Under the wished id when it is free, or holds this server's toolset (another tab's connect): refreshed there.
    if (kept === null)
      toolsetId = (await toolsets.saveNew(record, { sameAs: (stored) => stored.live?.url === url })).toolset.manifest
        .id;
    const saved = { ...current.saved, toolsetId };
    connections.update(url, { tools, problems, toolsetId, saved });
    await keep(saved);
  }

  /** After tools/list_changed: list again, show what changed, save the toolset. Notifications that arrive meanwhile fold into one more refresh. */
  async function refresh(url: string): Promise<void> {
    const running = refreshing.get(url);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    refreshing.set(url, state);
    try {
      do {
        state.again = false;
        const connection = open.get(url);
        const before = connections.get(url);
        if (!connection || !before) return;
        const listed = await connection.listTools();
        if (!listed.ok) {
          connections.update(url, { failure: listed.failure });
          return;
        }
        const report = await listChange(before.tools, listed.value, before.server ?? { name: url, version: '0.0.0' });
        await publishTools(url, listed.value, true);
        const watch = watches.get(url);
        if (watch)
          connections.update(url, { excluded: watch.excluded(listed.value), freshness: { ...watch.freshness } });
        const pin = connections.get(url)?.pin;
        const drift = pin ? await verifyTools(pin, listed.value as unknown as Record<string, unknown>[]) : undefined;
        connections.update(url, {
          change: { at: new Date().toISOString(), report },
          drift: drift?.drifted ? drift : undefined,
        });
      } while (state.again);
    } finally {
      refreshing.delete(url);
    }
  }

  /** After resources or prompts list_changed: list again, and say which items came and went. */
  async function refreshOffers(url: string, list: 'resources' | 'prompts'): Promise<void> {
    const connection = open.get(url);
    const before = connections.get(url);
    if (!connection || !before) return;
    const keyOf = (item: { uri?: string; name: string }) => item.uri ?? item.name;
    const previous = before[list];
    const was = previous && 'items' in previous ? previous.items.map(keyOf) : [];
    const listed = list === 'resources' ? await connection.listResources() : await connection.listPrompts();
    if (!listed.ok) {
      connections.update(url, { [list]: { failure: listed.failure } });
      return;
    }
    const now = (listed.value as { uri?: string; name: string }[]).map(keyOf);
    const change = {
      list,
      at: new Date().toISOString(),
      added: now.filter((key) => !was.includes(key)),
      removed: was.filter((key) => !now.includes(key)),
    };
    connections.update(url, { [list]: { items: listed.value }, offerChange: change });
  }

  return { listOffers, publishTools, refresh, refreshOffers };
}
