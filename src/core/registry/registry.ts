import { exportTools } from '../export';
import type { ExportFormat, ExportOptions } from '../export';
import { riskRank } from '../toolset/risk';
import type { JsonObject, ToolDefinition, ToolsetBundle } from '../toolset/types';
import { missingCapabilities, type CapabilityContext } from './capabilities';
import { matchesFilter, type ToolFilter } from './filter';
import { searchTools, type SearchHit } from './search';

/** What the current session allows, in the spirit of the runtime model's availability context. */
interface AvailabilityContext extends ToolFilter {
  /** When set and not empty, only these tools are available (an empty list filters nothing, as in the runtime model). */
  enabledTools?: readonly string[];
  /** Never available. */
  disabledTools?: readonly string[];
  /** When set and not empty, only tools of these categories are available (an empty list filters nothing). */
  includedCategories?: readonly string[];
  excludedCategories?: readonly string[];
  /** What the place offers (workspace, terminal, editor, git repository); a tool needing what is missing is unavailable. */
  capabilities?: CapabilityContext;
}

type RegistryChangeType = 'added' | 'removed' | 'updated';

export interface RegistryChange {
  type: RegistryChangeType;
  tool: ToolDefinition;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

type RegistryListener = (change: RegistryChange) => void;

type RegisterResult = { ok: true; change: 'added' | 'updated' } | { ok: false; error: string };

export interface ToolRegistry {
  /** Registered tools in registration order. */
  all(): ToolDefinition[];
  count(): number;
  /** Exact name first, then case-insensitive. */
  get(name: string): ToolDefinition | undefined;
  has(name: string): boolean;
  search(query: string): ToolDefinition[];
  /** Search with scores and matched fields, best first. */
  searchHits(query: string): SearchHit[];
  filter(filter: ToolFilter): ToolDefinition[];
  available(context?: AvailabilityContext): ToolDefinition[];
  /** The available tools as a provider's `tools` array. */
  functionDefinitions(format?: ExportFormat, context?: AvailabilityContext, options?: ExportOptions): JsonObject[];
  /** One tool's entry in a provider's `tools` array (GetFunctionDefinition); undefined when not registered. */
  functionDefinition(name: string, format?: ExportFormat, options?: ExportOptions): JsonObject | undefined;
  /** Calls the listener on every change; returns the function that unsubscribes it. */
  onChange(listener: RegistryListener): () => void;
  /** Adds a tool; a duplicate name is refused unless `replace` is set. */
  register(tool: ToolDefinition, options?: { replace?: boolean }): RegisterResult;
  unregister(name: string): boolean;
}

const problemWith = (tool: ToolDefinition): string | undefined => {
  if (tool === null || typeof tool !== 'object') return 'A tool definition must be an object';
  if (typeof tool.name !== 'string' || tool.name.trim() === '')
    return "A tool definition needs a non-empty string 'name'";
  if (tool.inputSchema === null || typeof tool.inputSchema !== 'object' || Array.isArray(tool.inputSchema))
    return `Tool '${tool.name}' needs an object 'inputSchema'`;
  return undefined;
};

/** Whether a tool passes a filter (the catalog filters with it without building a registry and its exports). */

/** A registry over a toolset bundle: lookup, search, filters, availability, provider formats and change events. */
export const createRegistry = (bundle?: ToolsetBundle | readonly ToolDefinition[]): ToolRegistry => {
  const tools = new Map<string, ToolDefinition>();
  const listeners = new Set<RegistryListener>();
  const initial = bundle === undefined ? [] : Array.isArray(bundle) ? bundle : (bundle as ToolsetBundle).tools;
  for (const tool of initial as readonly ToolDefinition[]) if (!problemWith(tool)) tools.set(tool.name, tool);

  const emit = (type: RegistryChangeType, tool: ToolDefinition) => {
    const change: RegistryChange = { type, tool, timestamp: Date.now() };
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch {
        // A failing listener must not stop the others or the registration itself.
      }
    }
  };

  const keyOf = (name: string): string | undefined => {
    if (tools.has(name)) return name;
    const lower = name.toLowerCase();
    return [...tools.keys()].find((key) => key.toLowerCase() === lower);
  };

  const registry: ToolRegistry = {
    all: () => [...tools.values()],
    count: () => tools.size,
    get: (name) => {
      const key = typeof name === 'string' ? keyOf(name) : undefined;
      return key === undefined ? undefined : tools.get(key);
    },
    has: (name) => registry.get(name) !== undefined,
    searchHits: (query) => searchTools(registry.all(), typeof query === 'string' ? query : ''),
    search: (query) => registry.searchHits(query).map((hit) => hit.tool),
    filter: (filter) => registry.all().filter((tool) => matchesFilter(tool, filter ?? {})),
    available: (context = {}) =>
      registry.all().filter((tool) => {
        if (!matchesFilter(tool, context)) return false;
        if (context.enabledTools && context.enabledTools.length > 0 && !context.enabledTools.includes(tool.name))
          return false;
        if (context.disabledTools?.includes(tool.name)) return false;
        if (
          context.includedCategories &&
          context.includedCategories.length > 0 &&
          !context.includedCategories.includes(tool.category)
        )
          return false;
        if (context.excludedCategories?.includes(tool.category)) return false;
        if (context.capabilities) {
          if (missingCapabilities(tool, context.capabilities).length > 0) return false;
          const ceiling = context.capabilities.maxRiskLevel;
          if (ceiling !== undefined && riskRank(tool.riskLevel) > riskRank(ceiling)) return false;
        }
        return true;
      }),
    functionDefinitions: (format = 'openai-chat', context, options) =>
      exportTools(registry.available(context), format, options),
    functionDefinition: (name, format = 'openai-chat', options) => {
      const tool = registry.get(name);
      return tool === undefined ? undefined : exportTools([tool], format, options)[0];
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    register: (tool, options = {}) => {
      const problem = problemWith(tool);
      if (problem) return { ok: false, error: problem };
      const existing = keyOf(tool.name);
      if (existing !== undefined && !options.replace)
        return { ok: false, error: `Tool '${tool.name}' is already registered; pass replace to update it` };
      if (existing !== undefined && existing !== tool.name) tools.delete(existing);
      tools.set(tool.name, tool);
      const change = existing === undefined ? 'added' : 'updated';
      emit(change, tool);
      return { ok: true, change };
    },
    unregister: (name) => {
      const key = typeof name === 'string' ? keyOf(name) : undefined;
      const tool = key === undefined ? undefined : tools.get(key);
      if (key === undefined || tool === undefined) return false;
      tools.delete(key);
      emit('removed', tool);
      return true;
    },
  };
  return registry;
};
