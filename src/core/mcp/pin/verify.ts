/**
 * Drift between a lockfile and the tools a server lists now: per tool, added, removed or changed, each change
 * classed by the semver diff rules, and a changed description shown word by word (a tool quietly changing
 * what it tells the model is the "rug pull").
 */
import { diffWords } from 'diff';
import { countChanges, diffDefinitions, requiredBump, sortChanges, type SchemaChange } from '../../diff/index';
import type { ChangeClass } from '../../diff/types';
import type { JsonValue } from '../../toolset/types';
import { riskFromAnnotations } from '../../import/formats/mcp';
import { hashTool, pinnedPart, type PinnedTool } from './hash';
import type { Lockfile } from './lockfile';

interface WordChange {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface ToolDrift {
  name: string;
  status: 'added' | 'removed' | 'changed';
  class: ChangeClass;
  changes: SchemaChange[];
  /** Present when the description changed. */
  description?: WordChange[];
  before?: string;
  after?: string;
}

export interface DriftReport {
  drifted: boolean;
  tools: ToolDrift[];
  counts: Record<ChangeClass, number>;
  required: ReturnType<typeof requiredBump>;
  /** Tools whose hash matches the lockfile. */
  unchanged: string[];
}

function wordDiff(before: string, after: string): WordChange[] {
  return diffWords(before, after).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

const asDiffable = (tool: PinnedTool) => ({
  name: tool.name,
  ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
  description: typeof tool.description === 'string' ? tool.description : '',
  inputSchema: (tool.inputSchema ?? {}) as JsonValue,
  ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema as JsonValue } : {}),
  ...(riskFromAnnotations(tool.annotations) ? { riskLevel: riskFromAnnotations(tool.annotations)! } : {}),
});

const worst = (changes: readonly SchemaChange[]): ChangeClass =>
  changes.some((change) => change.class === 'breaking')
    ? 'breaking'
    : changes.some((change) => change.class === 'minor')
      ? 'minor'
      : 'patch';

export async function verifyTools(lockfile: Lockfile, tools: readonly Record<string, unknown>[]): Promise<DriftReport> {
  const drift: ToolDrift[] = [];
  const unchanged: string[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (typeof tool.name !== 'string') continue;
    seen.add(tool.name);
    const locked = lockfile.tools[tool.name];
    const hash = await hashTool(tool);
    if (!locked) {
      const change: SchemaChange = {
        pointer: `/tools/${tool.name}`,
        keyword: 'tool',
        class: 'minor',
        rule: 'tool-added',
        message: `Tool '${tool.name}' is new since the pin: a model now sees one more tool.`,
      };
      drift.push({ name: tool.name, status: 'added', class: 'minor', changes: [change], after: hash });
      continue;
    }
    if (locked.hash === hash) {
      unchanged.push(tool.name);
      continue;
    }
    const now = pinnedPart(tool);
    const changes = diffDefinitions(asDiffable(locked.definition), asDiffable(now)).changes;
    // Annotations other than risk (a title hint, openWorldHint alone) still change the hash: say so.
    if (changes.length === 0)
      changes.push({
        pointer: `/tools/${tool.name}`,
        keyword: 'annotations',
        class: 'patch',
        rule: 'annotation-changed',
        message: `Tool '${tool.name}': its annotations changed.`,
      });
    const oldDescription = typeof locked.definition.description === 'string' ? locked.definition.description : '';
    const newDescription = typeof now.description === 'string' ? now.description : '';
    drift.push({
      name: tool.name,
      status: 'changed',
      class: worst(changes),
      changes,
      ...(oldDescription !== newDescription ? { description: wordDiff(oldDescription, newDescription) } : {}),
      before: locked.hash,
      after: hash,
    });
  }
  for (const name of Object.keys(lockfile.tools)) {
    if (seen.has(name)) continue;
    const change: SchemaChange = {
      pointer: `/tools/${name}`,
      keyword: 'tool',
      class: 'breaking',
      rule: 'tool-removed',
      message: `Tool '${name}' is gone: a model calling it finds no tool.`,
    };
    drift.push({ name, status: 'removed', class: 'breaking', changes: [change], before: lockfile.tools[name]!.hash });
  }
  const all = sortChanges(drift.flatMap((tool) => tool.changes));
  return { drifted: drift.length > 0, tools: drift, counts: countChanges(all), required: requiredBump(all), unchanged };
}
