import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { NO_COMPARE, type ColumnModel } from './compareSettings';
import { columnPlans } from './sideBySideRun';

const tool = (name: string, version: string, description: string): ToolDefinition => ({
  name,
  title: name,
  description,
  version,
  category: 'files',
  riskLevel: 'safe',
  tags: [],
  inputSchema: { type: 'object', properties: {} },
  examples: [],
  invalidExamples: [],
});
const read = tool('read', '2.0.0', 'Reads a file');
const list = tool('list', '1.0.0', 'Lists a folder');
const readBefore = tool('read', '1.0.0', 'Reads');
const toolset: ToolsetBundle = {
  manifest: {
    id: 'files',
    name: 'Files',
    version: '1.0.0',
    description: 'Files',
    categories: [{ id: 'files', name: 'Files', description: 'Files', tools: ['read', 'list'] }],
  },
  tools: [read, list],
  history: [readBefore],
};
const model = (name: string): ColumnModel => ({
  provider: 'openai-chat',
  baseUrl: 'https://x.test',
  model: name,
  apiKey: '',
});

describe('columnPlans', () => {
  it('gives each model a column of the chosen tools', () => {
    const plans = columnPlans(
      { ...NO_COMPARE, kind: 'models', extra: [model('b'), model('c')] },
      [read],
      model('a'),
      toolset,
    );
    expect(plans.map((plan) => [plan.label, plan.model.model, plan.tools])).toEqual([
      ['Model 1', 'a', [read]],
      ['Model 2', 'b', [read]],
      ['Model 3', 'c', [read]],
    ]);
  });

  it('sets an earlier release of a tool beside the toolset as it is', () => {
    const compare = { ...NO_COMPARE, kind: 'toolsets' as const, editTool: 'read', editVersion: '1.0.0' };
    const [asItIs, earlier] = columnPlans(compare, [read, list], model('a'), toolset);
    expect(asItIs).toEqual({ label: 'Toolset as it is', model: model('a'), tools: [read, list] });
    expect(earlier).toEqual({ label: 'read 1.0.0 (earlier release)', model: model('a'), tools: [readBefore, list] });
  });

  it('sets the edited description beside the toolset as it is when no earlier release is chosen', () => {
    const compare = { ...NO_COMPARE, kind: 'toolsets' as const, editTool: 'read', editDescription: 'Reads text' };
    const [, edited] = columnPlans(compare, [read, list], model('a'), toolset);
    expect(edited?.label).toBe('Edited read description');
    expect(edited?.tools.map((entry) => entry.description)).toEqual(['Reads text', 'Lists a folder']);
  });
});
