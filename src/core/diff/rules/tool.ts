/** Fields of the tool definition around its input schema: name, risk level, wording, examples, relationships. */
import { RISK_LEVELS, type JsonValue, type RiskLevel } from '../../toolset/types';
import { jsonEqual } from '../../json/json-equal';
import { show } from '../json';
import type { SchemaChange } from '../types';

/** The parts of a definition a diff reads; imported and pasted tools may lack all but the schema. */
export interface DiffableDefinition {
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  version?: string;
  riskLevel?: RiskLevel;
  category?: string;
  tags?: string[];
  inputSchema: JsonValue;
  /** Compared by outputSchema.ts, for the reader of the result. */
  outputSchema?: JsonValue;
  examples?: unknown[];
  invalidExamples?: unknown[];
  relationships?: unknown[];
  warnings?: unknown[];
}

const WORDING_FIELDS = [
  'title',
  'summary',
  'description',
  'category',
  'tags',
  'examples',
  'invalidExamples',
  'warnings',
] as const;

export function diffToolFields(before: DiffableDefinition, after: DiffableDefinition): SchemaChange[] {
  const changes: SchemaChange[] = [];
  if (before.name !== undefined && after.name !== undefined && before.name !== after.name) {
    changes.push({
      pointer: '/name',
      keyword: 'name',
      class: 'breaking',
      rule: 'tool-renamed',
      message: `The tool was renamed from '${before.name}' to '${after.name}': a model calling '${before.name}' finds no tool.`,
      before: before.name,
      after: after.name,
    });
  }
  const oldRisk = before.riskLevel ? RISK_LEVELS.indexOf(before.riskLevel) : -1;
  const newRisk = after.riskLevel ? RISK_LEVELS.indexOf(after.riskLevel) : -1;
  if (oldRisk >= 0 && newRisk >= 0 && oldRisk !== newRisk) {
    const raised = newRisk > oldRisk;
    changes.push({
      pointer: '/riskLevel',
      keyword: 'riskLevel',
      class: raised ? 'breaking' : 'minor',
      rule: raised ? 'risk-raised' : 'risk-lowered',
      message: raised
        ? `Risk level raised from ${before.riskLevel} to ${after.riskLevel}: calls that ran unattended may now wait for approval or be refused.`
        : `Risk level lowered from ${before.riskLevel} to ${after.riskLevel}: calls need less approval, old calls still work.`,
      before: before.riskLevel as string,
      after: after.riskLevel as string,
    });
  }
  if (!jsonEqual((before.relationships ?? []) as JsonValue, (after.relationships ?? []) as JsonValue)) {
    const oldList = (before.relationships ?? []) as JsonValue[];
    const newList = (after.relationships ?? []) as JsonValue[];
    const added = newList.filter((item) => !oldList.some((old) => jsonEqual(old, item)));
    const relaxed = added.length === 0;
    changes.push({
      pointer: '/relationships',
      keyword: 'relationships',
      class: relaxed ? 'minor' : 'breaking',
      rule: relaxed ? 'relationship-removed' : 'relationship-added',
      message: relaxed
        ? 'A rule between parameters was removed: a constraint relaxed, old calls still work.'
        : `A rule between parameters was added or changed (${added.map((item) => show(item)).join('; ')}): calls the old version accepted may be refused.`,
    });
  }
  for (const field of WORDING_FIELDS) {
    const old = before[field] as JsonValue | undefined;
    const next = after[field] as JsonValue | undefined;
    if (old === undefined || next === undefined || jsonEqual(old, next)) continue;
    changes.push({
      pointer: `/${field}`,
      keyword: field,
      class: 'patch',
      rule: 'annotation-changed',
      message: `The tool's ${field === 'invalidExamples' ? 'invalid examples' : field} changed: documentation only, every call means what it meant.`,
      before: old,
      after: next,
    });
  }
  return changes;
}
