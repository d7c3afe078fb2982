/**
 * Who may call a tool, by the MCP Apps extension's `_meta.ui.visibility`: `"model"` (the agent may be offered it)
 * and `"app"` (an app of the same server may call it). Absent, a tool is visible to both; a list names exactly who.
 * Read here rather than through app-bridge's own helpers: they come with the bridge and its schemas, which every page
 * that reads a live toolset (the Models page among them) would then load.
 */

export type ToolAudience = 'model' | 'app';

const visibilityOf = (tool: unknown): unknown => {
  const meta = (tool as { _meta?: unknown } | null)?._meta;
  const ui = meta && typeof meta === 'object' ? (meta as { ui?: unknown }).ui : undefined;
  return ui && typeof ui === 'object' ? (ui as { visibility?: unknown }).visibility : undefined;
};

/** Whether `audience` may see the tool: yes when no list is given, else only when the list names it. */
export function visibleTo(tool: unknown, audience: ToolAudience): boolean {
  const visibility = visibilityOf(tool);
  if (!Array.isArray(visibility)) return true;
  return visibility.includes(audience);
}

/** Whether the tool is for its app alone: a model is never offered it. */
export const isAppOnly = (tool: unknown): boolean => !visibleTo(tool, 'model');

/** The names of the listed tools a model must not be offered. */
export function appOnlyNames(tools: readonly unknown[]): string[] {
  return tools.filter(isAppOnly).map((tool) => String((tool as { name?: unknown }).name ?? ''));
}

/** The tools a model may be offered: every tool but those named app-only. */
export function offeredToModels<T extends { name: string }>(
  tools: readonly T[],
  appOnly: readonly string[] | undefined,
): T[] {
  if (!appOnly || appOnly.length === 0) return [...tools];
  const hidden = new Set(appOnly);
  return tools.filter((tool) => !hidden.has(tool.name));
}
