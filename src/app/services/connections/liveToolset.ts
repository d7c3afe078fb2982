/**
 * A server's tools/list as the record the catalog, the tool pages and every other surface read (an imported toolset
 * flagged live), converted by the import checks in the schema worker; and what changed between two lists, classed
 * by the same semver rules as a pin's drift.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { ImportProblem, ImportResult } from '../../../core/import/types';
import { appOnlyNames } from '../../../core/mcp/apps/visibility';
import { drawableIcons, type ToolIcon } from '../../../core/mcp/icons';
import { createLockfile } from '../../../core/mcp/pin/lockfile';
import { verifyTools, type DriftReport } from '../../../core/mcp/pin/verify';
import type { ImportedToolsetRecord } from '../../lib/importedToolsets';

export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
}

export type Importer = (text: string) => Promise<ImportResult>;

const LIVE_FORMAT = 'live MCP server';

/** The icons each tool may show (those the icon rule allows), by tool name; tools with none are left out. */
function iconsByTool(tools: readonly Tool[]): Record<string, ToolIcon[]> {
  const icons: Record<string, ToolIcon[]> = {};
  for (const tool of tools) {
    const drawable = drawableIcons(tool.icons);
    if (drawable.length > 0) icons[tool.name] = drawable;
  }
  return icons;
}

/** The live toolset of `tools`, under `toolsetId`; refused tools come back as problems (pointer and rule), the rest are usable. */
export async function liveRecord(
  tools: readonly Tool[],
  server: ServerInfo,
  url: string,
  toolsetId: string,
  importer: Importer,
): Promise<{ record: ImportedToolsetRecord; problems: ImportProblem[] }> {
  const result = await importer(JSON.stringify({ tools }));
  const problems = tools.length === 0 ? [] : result.problems;
  const name = server.title ?? server.name;
  const appOnly = appOnlyNames(tools);
  const icons = iconsByTool(tools);
  const record: ImportedToolsetRecord = {
    toolset: {
      ...result.toolset,
      tools: tools.length === 0 ? [] : result.toolset.tools,
      manifest: {
        ...result.toolset.manifest,
        id: toolsetId,
        name,
        version: server.version,
        description: `Live tools of the MCP server ${server.name} ${server.version} at ${url}.`,
      },
    },
    format: LIVE_FORMAT,
    importedAt: Date.now(),
    mocks: {},
    live: {
      url,
      serverName: server.name,
      serverVersion: server.version,
      ...(appOnly.length > 0 ? { appOnly } : {}),
      ...(Object.keys(icons).length > 0 ? { icons } : {}),
    },
  };
  return { record, problems };
}

/** What changed from one tool list to the next, each tool's change classed breaking/minor/patch, descriptions word by word. */
export async function listChange(
  before: readonly Tool[],
  after: readonly Tool[],
  server: ServerInfo,
): Promise<DriftReport> {
  const previous = await createLockfile(server, before as unknown as Record<string, unknown>[]);
  return verifyTools(previous, after as unknown as Record<string, unknown>[]);
}
