/**
 * A server's tools/list → a live toolset, through the same import as a pasted MCP tools/list result: a tool
 * whose schema does not compile (or breaks an import check) is refused with its pointer and rule, the rest are usable.
 */
import type { Validator } from '../validation/validator';
import { importToolset, toolsetIdFrom } from '../import/import';
import type { ImportResult } from '../import/types';
import type { ToolsetBundle } from '../toolset/types';

export interface LiveServer {
  name: string;
  version: string;
  title?: string;
}

export interface LiveToolset extends ImportResult {
  /** Where the tools came from, for the page's label and the lockfile. */
  server: LiveServer;
}

/** Toolset ids of live servers start with this, so the page can tell them from imports. */
const LIVE_TOOLSET_PREFIX = 'mcp-';

function liveToolsetId(server: LiveServer): string {
  return `${LIVE_TOOLSET_PREFIX}${toolsetIdFrom(server.name)}`;
}

export function toolsetFromTools(tools: readonly unknown[], server: LiveServer, validator: Validator): LiveToolset {
  // The list is wrapped as a tools/list result so detection reads it as MCP, whatever fields the tools use.
  const options = { toolsetName: server.title ?? server.name, toolsetId: liveToolsetId(server), validator };
  const imported = importToolset(JSON.stringify({ tools }), options);
  // A server with no tools is a server, not an unknown format: an empty toolset, no problem reported.
  const result: ImportResult = tools.length === 0 ? { ...imported, format: 'mcp', problems: [] } : imported;
  const toolset: ToolsetBundle = {
    ...result.toolset,
    manifest: {
      ...result.toolset.manifest,
      version: server.version,
      description: `Live tools of the MCP server ${server.name} ${server.version}.`,
    },
  };
  return { ...result, toolset, server };
}
