/** The data model of a toolset: what `schemas/` holds and the bundle carries. */
import type { JsonObject, JsonValue } from '../json/json-value';

export const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export type { JsonObject, JsonValue };

/** A JSON Schema (Draft 2020-12) kept as plain data. */
export type JsonSchema = JsonObject;

interface ToolExample {
  /** One line saying what the example shows. */
  title: string;
  arguments: JsonObject;
}

interface InvalidToolExample {
  title: string;
  /** Any JSON value: invalid examples may be of the wrong shape entirely. */
  arguments: JsonValue;
  expected: { code: string; parameter: string };
}

/**
 * Relationships between parameters that JSON Schema alone cannot state.
 * A closed set, so every surface can explain and enforce them the same way.
 */
export type ParameterRelationship =
  | { kind: 'not_less_than'; parameter: string; other: string; description: string }
  | { kind: 'member_of'; parameter: string; list: string; description: string }
  | { kind: 'required_unless'; parameter: string; when: string; equals: JsonValue; description: string };

/** Conditions under which a valid call still earns a warning. */
export type WarningRule =
  | { code: 'large_value'; parameter: string; maxChars: number; description: string }
  | { code: 'slow_operation'; when: JsonObject; unlessPresent?: string; description: string }
  /** A string parameter matching `matches` (a regular expression, run on RE2) earns the warning. */
  | { code: 'security_concern' | 'compatibility'; parameter: string; matches: string; description: string };

export interface ToolDefinition {
  name: string;
  title: string;
  /** One-line summary for lists (the `list` command's line). */
  summary?: string;
  description: string;
  version: string;
  category: string;
  riskLevel: RiskLevel;
  tags: string[];
  inputSchema: JsonSchema;
  /** The shape of the tool's structured result (MCP `outputSchema`): an object schema, checked against live results. */
  outputSchema?: JsonSchema;
  examples: ToolExample[];
  invalidExamples: InvalidToolExample[];
  relationships?: ParameterRelationship[];
  warnings?: WarningRule[];
  /** Lint findings kept on purpose, with the reason; the audit reports them as accepted. */
  auditNotes?: AuditNote[];
}

/**
 * What lists and search need of a tool: its definition without the schema, examples and rules, with the names of
 * its parameters. The page ships these for every bundled tool and loads a tool's definition when it shows the tool.
 */
export type ToolSummary = Pick<
  ToolDefinition,
  'name' | 'title' | 'summary' | 'description' | 'version' | 'category' | 'riskLevel' | 'tags'
> & {
  parameters: string[];
  /** Set on a built site's tool that has neither code nor a mock there (the tool's module says the same). */
  noCode?: true;
};

export function toolSummary(tool: ToolDefinition): ToolSummary {
  const { name, title, summary, description, version, category, riskLevel, tags } = tool;
  const properties = tool.inputSchema.properties;
  const parameters =
    properties && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
  return {
    name,
    title,
    ...(summary !== undefined ? { summary } : {}),
    description,
    version,
    category,
    riskLevel,
    tags,
    parameters,
  };
}

interface AuditNote {
  rule: string;
  parameter?: string;
  reason: string;
}

export interface CategoryInfo {
  id: string;
  name: string;
  description: string;
  /** Tool names in display order. */
  tools: string[];
}

const NAMING_STYLES = ['snake_case', 'camelCase', 'PascalCase'] as const;
export type NamingStyle = (typeof NAMING_STYLES)[number];

/** The naming style a toolset holds its names to; snake_case where it says nothing. */
export interface NamingConvention {
  tools?: NamingStyle;
  parameters?: NamingStyle;
}

export interface ToolsetManifest {
  id: string;
  name: string;
  version: string;
  description: string;
  naming?: NamingConvention;
  categories: CategoryInfo[];
}

/** What `npm run bundle` writes and every surface loads. */
export interface ToolsetBundle {
  manifest: ToolsetManifest;
  /** In manifest category order, then by the order the manifest lists the tools. */
  tools: ToolDefinition[];
  /**
   * Earlier releases of its tools (`schemas/<toolset>/history/<tool>/<version>.json`), oldest first per tool.
   * Kept apart from `tools` so catalogs, search, counts and the audit see each tool once: the current version is the tool.
   */
  history?: ToolDefinition[];
}
