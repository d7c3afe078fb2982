import type { JsonObject, NamingConvention, ToolDefinition } from '../toolset/types';

export const AUDIT_SEVERITIES = ['error', 'warning', 'info'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];
import type { RegexEngine } from '../validation/linear-engine';

export interface AuditFinding {
  tool: string;
  /** Path of the parameter (`path`, `env.*`, `files[]`); absent for tool-level findings. */
  parameter?: string;
  rule: string;
  severity: AuditSeverity;
  /** What is wrong and what to do about it. */
  message: string;
  /** JSON pointer into the tool definition (`/inputSchema/properties/path/description`), where a rule knows it. */
  pointer?: string;
}

interface AuditSummary {
  tools: number;
  findings: number;
  errors: number;
  warnings: number;
  infos: number;
}

export interface AuditReport {
  /** Findings of every tool, in bundle order, then rule order. */
  findings: AuditFinding[];
  byTool: Record<string, AuditFinding[]>;
  summary: AuditSummary;
}

/** One schema node reached while walking a tool's input schema. */
export interface SchemaNode {
  /** Display path: `path`, `options.depth`, `files[]`, `env.*`. */
  parameter: string;
  /** The key this node is stored under; for `files[]` and `env.*` the owner's key. */
  name: string;
  schema: JsonObject;
  /** `property`: a named property; `items`: array items; `additional`: an additionalProperties schema. */
  kind: 'property' | 'items' | 'additional';
  required: boolean;
}

/** One validation error of an example, with the code and parameter the validator gave it. */
export interface ExampleProblem {
  parameter: string;
  code: string;
  message: string;
}

/**
 * Checks an example's arguments; returns its errors (empty when valid). Plain messages are accepted
 * from a supplied validator, but then an invalid example's declared code and parameter cannot be checked.
 */
export type ExampleValidator = (tool: ToolDefinition, args: unknown) => (string | ExampleProblem)[];

export interface AuditContext {
  tool: ToolDefinition;
  /** Every schema node below the root, depth first. */
  nodes: SchemaNode[];
  validateExample: ExampleValidator;
  /** RE2 as the validator has it (`validator.regexEngine`): how this playground runs each pattern. */
  regexEngine: RegexEngine;
  /** The toolset's naming style; snake_case where absent. */
  naming?: NamingConvention;
}

export interface AuditRule {
  id: string;
  /** One line for documentation and the audit view. */
  description: string;
  check(context: AuditContext): AuditFinding[];
}
