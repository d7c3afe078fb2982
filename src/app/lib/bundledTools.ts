/**
 * The bundled toolsets' manifests, and each bundled tool's definition loaded when a page shows that tool: the
 * catalogs and search need only the tools' summaries (lib/toolset.ts), and each definition is a module of its own
 * (`npm run bundle` writes them), so a tool page or an embed loads its one tool rather than every toolset.
 */
import { bundledToolsets } from '../../generated/page-toolsets.js';
import type { ToolInToolset } from '../../core/toolset/collection';
import type { ToolsetBundle, ToolsetManifest } from '../../core/toolset/types';
import { tracked } from './preload';

export function bundledManifests(): ToolsetManifest[] {
  return bundledToolsets.map((toolset) => toolset.manifest);
}

const byId = (toolsetId: string) => bundledToolsets.find((toolset) => toolset.manifest.id === toolsetId);

/** The names of a bundled toolset's tools, in order; undefined for a toolset this site does not bundle. */
export function bundledToolNames(toolsetId: string): string[] | undefined {
  const toolset = byId(toolsetId);
  return toolset ? Object.keys(toolset.tools) : undefined;
}

export interface BundledTools {
  /**
   * A bundled tool, with its toolset as the tool's page sees it: the manifest, this tool and this tool's earlier
   * versions (not the other tools: `loadToolset` gives those). Null for a tool that is not bundled. The same promise
   * for the same tool, marked as it settles (React's `use` reads a loaded one without waiting); a module that failed
   * to arrive is asked for again next time.
   */
  loadTool(toolsetId: string, name: string): Promise<ToolInToolset | null>;
  /** A whole bundled toolset (every tool's definition and earlier versions), for the pages that need them all. */
  loadToolset(toolsetId: string): Promise<ToolsetBundle | null>;
  /**
   * Whether a loaded tool has neither code nor a mock on this site (a built site's tool that `site build --mocks` gave
   * no answer): false until its module has arrived, which the tool's page waits for.
   */
  hasNoCode(toolsetId: string, name: string): boolean;
}

/** The loads of one page load (the toolsets service holds it). */
export function createBundledTools(): BundledTools {
  const tools = new Map<string, Promise<ToolInToolset | null>>();
  const toolsets = new Map<string, Promise<ToolsetBundle | null>>();
  const noCode = new Set<string>();
  const loadTool = (toolsetId: string, name: string): Promise<ToolInToolset | null> => {
    const key = `${toolsetId}\n${name}`;
    const known = tools.get(key);
    if (known) return known;
    const toolset = byId(toolsetId);
    const load = toolset && Object.hasOwn(toolset.tools, name) ? toolset.tools[name] : undefined;
    const loading = tracked(
      load
        ? load().then((module) => {
            if (module.noCode) noCode.add(key);
            return {
              toolset: { manifest: toolset!.manifest, tools: [module.tool], history: module.history },
              tool: module.tool,
            };
          })
        : Promise.resolve(null),
      () => tools.delete(key),
    );
    tools.set(key, loading);
    return loading;
  };
  const loadToolset = (toolsetId: string): Promise<ToolsetBundle | null> => {
    const known = toolsets.get(toolsetId);
    if (known) return known;
    const names = bundledToolNames(toolsetId);
    const loading = tracked(
      names
        ? Promise.all(names.map((name) => loadTool(toolsetId, name))).then((loaded) => {
            const found = loaded.filter((entry): entry is ToolInToolset => entry !== null);
            return {
              manifest: byId(toolsetId)!.manifest,
              tools: found.map((entry) => entry.tool),
              history: found.flatMap((entry) => entry.toolset.history ?? []),
            };
          })
        : Promise.resolve(null),
      () => toolsets.delete(toolsetId),
    );
    toolsets.set(toolsetId, loading);
    return loading;
  };
  return { loadTool, loadToolset, hasNoCode: (toolsetId, name) => noCode.has(`${toolsetId}\n${name}`) };
}
