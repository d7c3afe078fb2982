import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../../core/toolset/types';
import {
  createCallGate,
  runAppToolCall,
  tooManyCalls,
  type AppCallApproval,
  type AppToolCallDeps,
} from './appToolCall';

const definition = (name: string, riskLevel: ToolDefinition['riskLevel']): ToolDefinition => ({
  name,
  title: name,
  description: name,
  version: '1.0.0',
  category: 'live',
  riskLevel,
  tags: [],
  inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  examples: [],
  invalidExamples: [],
});

function deps(overrides: Partial<AppToolCallDeps> = {}) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const asked: AppCallApproval[] = [];
  const defaults: AppToolCallDeps = {
    serverName: 'clock',
    listed: [
      { name: 'read_time' },
      { name: 'reset', _meta: { ui: { visibility: ['app'] } } },
      { name: 'model_only', _meta: { ui: { visibility: ['model'] } } },
      { name: 'wipe' },
      { name: 'refused_at_import' },
    ],
    definition: async (name) =>
      name === 'refused_at_import' ? undefined : definition(name, name === 'wipe' ? 'high' : 'safe'),
    verdict: async (_tool, args) =>
      typeof args.n === 'string' ? { valid: false, text: "Parameter 'n' must be integer." } : { valid: true },
    approve: async (request) => {
      asked.push(request);
      return { approved: false };
    },
    call: async (name, args) => {
      calls.push({ name, args });
      return { ok: true, value: { content: [{ type: 'text', text: `ran ${name}` }] } };
    },
  };
  return { deps: { ...defaults, ...overrides }, calls, asked };
}

describe('a tools/call from an app', () => {
  it('runs a safe tool shown to apps, with the arguments given', async () => {
    const { deps: given, calls, asked } = deps();
    const { result, outcome } = await runAppToolCall(given, 'reset', { n: 1 });
    expect(outcome).toBe('ran');
    expect(result.content).toEqual([{ type: 'text', text: 'ran reset' }]);
    expect(calls).toEqual([{ name: 'reset', args: { n: 1 } }]);
    expect(asked).toEqual([]);
  });

  it('never reaches the server with arguments the validator refuses, and says why', async () => {
    const { deps: given, calls } = deps();
    const { result, outcome } = await runAppToolCall(given, 'read_time', { n: 'three' });
    expect(outcome).toBe('invalid');
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({
      type: 'text',
      text: "Not run: the arguments do not pass validation. Parameter 'n' must be integer.",
    });
    expect(calls).toEqual([]);
    expect((await runAppToolCall(given, 'read_time', [1])).outcome).toBe('invalid');
  });

  it('asks the person when the risk level needs approval; declined, nothing runs', async () => {
    const { deps: given, calls, asked } = deps();
    const { outcome } = await runAppToolCall(given, 'wipe', { n: 2 });
    expect(outcome).toBe('denied');
    expect(asked).toEqual([
      { tool: 'wipe', summary: 'wipe on the MCP server clock, called by its app', risk: 'high', args: { n: 2 } },
    ]);
    expect(calls).toEqual([]);
  });

  it('runs the approved call with the edited arguments, checked again', async () => {
    const approving = deps({ approve: async () => ({ approved: true, args: { n: 5 } }) });
    expect((await runAppToolCall(approving.deps, 'wipe', { n: 2 })).outcome).toBe('ran');
    expect(approving.calls).toEqual([{ name: 'wipe', args: { n: 5 } }]);
    const editedBadly = deps({ approve: async () => ({ approved: true, args: { n: 'x' } }) });
    expect((await runAppToolCall(editedBadly.deps, 'wipe', { n: 2 })).outcome).toBe('invalid');
    expect(editedBadly.calls).toEqual([]);
  });

  it('refuses a tool not shown to apps, an unknown one and one whose schema was refused at import', async () => {
    const { deps: given, calls } = deps();
    for (const name of ['model_only', 'nope', 'refused_at_import'])
      expect((await runAppToolCall(given, name, {})).outcome, name).toBe('refused');
    expect((await runAppToolCall(given, 'model_only', {})).result.content[0]).toMatchObject({
      text: expect.stringContaining('not shown to apps'),
    });
    expect(calls).toEqual([]);
  });

  it("returns the server's failure as an error result", async () => {
    const failing = deps({
      call: async () => ({
        ok: false,
        failure: { kind: 'timeout', message: 'tools/call read_time timed out after 30000 ms.' },
      }),
    });
    const { result, outcome } = await runAppToolCall(failing.deps, 'read_time', {});
    expect(outcome).toBe('failed');
    expect(result).toEqual({
      content: [{ type: 'text', text: 'tools/call read_time timed out after 30000 ms.' }],
      isError: true,
    });
  });
});

describe("an app's calls under way", () => {
  it('are held to the limit, and a place frees when one finishes', () => {
    const gate = createCallGate(2);
    expect([gate.enter(), gate.enter(), gate.enter()]).toEqual([true, true, false]);
    gate.leave();
    expect(gate.enter()).toBe(true);
    expect(tooManyCalls('reset', 2)).toEqual({
      content: [
        {
          type: 'text',
          text: "Not run: 'reset' — the app already has 2 tool calls under way; wait for one to finish.",
        },
      ],
      isError: true,
    });
  });
});
