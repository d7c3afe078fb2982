/**
 * What a server's lists said on the wire beyond their items, read from the protocol log as it passes: each list's
 * freshness (`ttlMs`, `cacheScope` on its first page) and the tools the server listed before the client excluded
 * any. A modern-era client must leave out a tool whose `x-mcp-header` annotations break the rules; the SDK does so
 * without telling its caller, so the page compares what was listed with what came through and says why.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { LogEntry } from '../../../core/mcp/log';

export type ListName = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

export interface ListFreshness {
  /** How long the list may be served from a cache, in milliseconds. */
  ttlMs?: number;
  /** Who may share the cached list: `private` (this user) or `public`. */
  cacheScope?: string;
}

/** A tool the server listed that the client left out, and why. */
export interface ExcludedTool {
  name: string;
  reason: string;
}

const LIST_METHODS: Record<string, ListName> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

export class ListWatch {
  private readonly requests = new Map<string | number, { list: ListName; firstPage: boolean }>();
  private rawTools: Tool[] = [];
  readonly freshness: Partial<Record<ListName, ListFreshness>> = {};

  /** Feed every protocol log entry. */
  readonly observe = (entry: LogEntry): void => {
    const message = entry.message as {
      method?: string;
      params?: { cursor?: unknown };
      result?: Record<string, unknown>;
    };
    if (entry.direction === 'sent' && entry.id !== undefined && message.method && LIST_METHODS[message.method]) {
      const firstPage = message.params?.cursor === undefined;
      const list = LIST_METHODS[message.method]!;
      this.requests.set(entry.id, { list, firstPage });
      if (list === 'tools' && firstPage) this.rawTools = [];
      return;
    }
    if (entry.direction !== 'received' || entry.id === undefined) return;
    const request = this.requests.get(entry.id);
    if (!request || !message.result) return;
    this.requests.delete(entry.id);
    const { ttlMs, cacheScope, tools } = message.result;
    if (request.firstPage) {
      this.freshness[request.list] = {
        ...(typeof ttlMs === 'number' ? { ttlMs } : {}),
        ...(typeof cacheScope === 'string' ? { cacheScope } : {}),
      };
    }
    if (request.list === 'tools' && Array.isArray(tools)) this.rawTools.push(...(tools as Tool[]));
  };

  /** The tools the server listed that `listed` (what the client kept) leaves out, each with the rule it broke. */
  excluded(listed: readonly Tool[]): ExcludedTool[] {
    const kept = new Set(listed.map((tool) => tool.name));
    return this.rawTools
      .filter((tool) => typeof tool?.name === 'string' && !kept.has(tool.name))
      .map((tool) => ({
        name: tool.name,
        reason: headerAnnotationFault(tool.inputSchema) ?? 'left out by the client when it listed the tools',
      }));
  }
}

/** RFC 9110 `token`: the characters a header name may have. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVES: ReadonlySet<string> = new Set(['string', 'integer', 'boolean']);
/** Where a subschema is not reached through `properties` alone: an annotation there cannot name one argument. */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
];

/**
 * The first rule a tool's `x-mcp-header` annotations break, or undefined: the annotation sits on a property reached
 * through `properties` only, is a non-empty header token, is on a string, integer or boolean argument, and is
 * unique ignoring case.
 */
export function headerAnnotationFault(schema: unknown): string | undefined {
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (node === null || typeof node !== 'object') return undefined;
    const record = node as Record<string, unknown>;
    const at = path.length > 0 ? path.join('.') : '(the input schema)';
    if ('x-mcp-header' in record) {
      const header = record['x-mcp-header'];
      if (!reachable || path.length === 0)
        return `${at}: x-mcp-header is allowed only on a property reached through "properties"`;
      if (typeof header !== 'string' || header === '') return `${at}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(header))
        return `${at}: x-mcp-header '${header}' is not a valid header name (no spaces, control characters or delimiters)`;
      const type = typeof record.type === 'string' ? record.type : undefined;
      if (!type || !PRIMITIVES.has(type))
        return `${at}: x-mcp-header is allowed only on a string, integer or boolean property; this one is ${type ?? 'untyped'}`;
      const before = seen.get(header.toLowerCase());
      if (before !== undefined)
        return `${at}: x-mcp-header '${header}' repeats '${before}' (header names are compared ignoring case)`;
      seen.set(header.toLowerCase(), header);
    }
    if (record.properties && typeof record.properties === 'object') {
      for (const [key, child] of Object.entries(record.properties as Record<string, unknown>)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault) return fault;
      }
    }
    for (const keyword of UNREACHABLE) {
      const sub = record[keyword];
      if (sub === undefined) continue;
      const branches = Array.isArray(sub)
        ? sub
        : ['patternProperties', 'dependentSchemas', '$defs', 'definitions'].includes(keyword) &&
            typeof sub === 'object' &&
            sub !== null
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false);
        if (fault) return fault;
      }
    }
    return undefined;
  };
  return visit(schema, [], true);
}

/** `ttlMs` and `cacheScope` as words: `cached for 5 s, private`. */
export function describeFreshness(freshness: ListFreshness | undefined): string | undefined {
  if (!freshness || (freshness.ttlMs === undefined && freshness.cacheScope === undefined)) return undefined;
  const parts: string[] = [];
  if (freshness.ttlMs !== undefined)
    parts.push(
      freshness.ttlMs === 0
        ? 'stale at once (ttlMs 0)'
        : `fresh for ${freshness.ttlMs >= 1000 ? `${Math.round(freshness.ttlMs / 100) / 10} s` : `${freshness.ttlMs} ms`}`,
    );
  if (freshness.cacheScope !== undefined) parts.push(`cache scope ${freshness.cacheScope}`);
  return parts.join(', ');
}
