// The client in both eras against the SDK v2 test server on loopback, in the SDK's default serving and modern-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpV2Server, type McpV2Server } from '../../../e2e/servers/mcp-v2-server';
import { startMcpTestServer, type McpTestServer } from '../../../e2e/servers/mcp-test-server';
import { createCompilingValidator } from '../validation/compile';
import { connectHttp, type ConnectOptions, type McpConnection, type McpEra } from './client';
import type { Elicitor, FormRequest, UrlRequest } from './input';
import type { LogEntry } from './log';

const validator = createCompilingValidator();
let both: McpV2Server;
let modernOnly: McpV2Server;
let older: McpTestServer;
let sessions: McpV2Server;
beforeAll(async () => {
  [both, modernOnly, older, sessions] = await Promise.all([
    startMcpV2Server(),
    startMcpV2Server({ modernOnly: true }),
    startMcpTestServer(),
    startMcpV2Server({ legacySessions: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([both.close(), modernOnly.close(), older.close(), sessions.close()]);
});

async function open(url: string, era: McpEra, options: ConnectOptions = {}): Promise<McpConnection> {
  const outcome = await connectHttp({ url }, { era, ...options });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  return outcome.value;
}

const text = (result: { content: { type: string; text?: string }[] }): string =>
  result.content.map((block) => block.text ?? `[${block.type}]`).join('');

describe('eras', () => {
  it.each([
    ['default serving', 'auto', 'modern', '2026-07-28'],
    ['default serving', 'legacy', 'legacy', '2025-11-25'],
    ['default serving', 'modern', 'modern', '2026-07-28'],
    ['modern-only serving', 'auto', 'modern', '2026-07-28'],
  ] as const)('%s, era %s: connects as %s (%s), lists and calls', async (serving, era, landed, version) => {
    const connection = await open(serving === 'default serving' ? both.url : modernOnly.url, era);
    expect([connection.era, connection.protocolVersion, connection.serverInfo.name]).toEqual([
      landed,
      version,
      'schema-v2-server',
    ]);
    const tools = await connection.listTools();
    expect(tools.ok && tools.value.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['add', 'delete_file', 'summarize', 'show_roots', 'log_steps']),
    );
    const added = await connection.callTool('add', { a: 2, b: 3 });
    expect(added.ok && added.value.structuredContent).toEqual({ sum: 5 });
    await connection.close();
  });

  it('auto tries server/discover first; a 2025-only server falls back to initialize', async () => {
    const log: LogEntry[] = [];
    const connection = await open(older.url, 'auto', { onMessage: (entry) => log.push(entry) });
    expect(connection.era).toBe('legacy');
    expect(
      log
        .filter((entry) => entry.direction === 'sent')
        .map((entry) => entry.method)
        .slice(0, 2),
    ).toEqual(['server/discover', 'initialize']);
    await connection.close();
  });

  it('a modern-only server refusing the legacy era names both sides versions', async () => {
    const outcome = await connectHttp({ url: modernOnly.url }, { era: 'legacy' });
    expect(outcome.ok ? 'ok' : outcome.failure.kind).toBe('protocol_version');
    expect(outcome.ok ? '' : outcome.failure.message).toMatch(
      /^initialize: the server does not speak MCP protocol version 2025-11-25, which this client asked for \(this client speaks 2026-07-28, 2025-11-25.*\); the server speaks 2026-07-28\./,
    );
  });

  it('the modern era against a 2025-only server says it offers no 2026-07-28', async () => {
    const outcome = await connectHttp({ url: older.url }, { era: 'modern' });
    expect(outcome.ok ? 'ok' : outcome.failure).toMatchObject({
      kind: 'protocol_version',
      message: expect.stringMatching(/^server\/discover: the server does not offer MCP protocol version 2026-07-28/),
    });
  });
});

/** An elicitor that answers from a script and records what it was asked. */
function scripted(
  form: (request: FormRequest) => Awaited<ReturnType<Elicitor['form']>>,
  url: Awaited<ReturnType<Elicitor['url']>> = 'decline',
) {
  const asked: (FormRequest | UrlRequest)[] = [];
  const elicitor: Elicitor = {
    form: async (request) => (asked.push(request), form(request)),
    url: async (request) => (asked.push(request), url),
  };
  return { asked, answers: { elicitor, validator } };
}

describe('what the server asks of the client (modern: input_required rounds)', () => {
  it('a form: the fields are described, defaults filled, the answer validated and sent', async () => {
    const script = scripted(() => ({ action: 'accept', content: { confirm: true } }));
    const connection = await open(both.url, 'auto', { answers: script.answers });
    const called = await connection.callTool('delete_file', { path: '/tmp/a' });
    expect(called.ok && text(called.value)).toBe('Deleted /tmp/a');
    const request = script.asked[0] as FormRequest;
    expect(request.message).toBe('Delete /tmp/a?');
    expect(
      request.fields.map((field) => [
        field.name,
        field.type,
        field.required,
        field.options?.map((option) => option.value),
      ]),
    ).toEqual([
      ['confirm', 'boolean', true, undefined],
      ['reason', 'string', false, undefined],
      ['priority', 'string', false, ['low', 'high']],
    ]);
    expect(both.state.answers.at(-1)).toBe('delete_file: accept {"confirm":true,"priority":"low"}');
    await connection.close();
  });

  it.each(['decline', 'cancel'] as const)('a form the person answers with %s: the server hears it', async (action) => {
    const connection = await open(both.url, 'modern', { answers: scripted(() => ({ action })).answers });
    const called = await connection.callTool('delete_file', { path: '/tmp/b' });
    expect(called.ok && text(called.value)).toBe(`Not deleted (${action})`);
    await connection.close();
  });

  it('an answer the requested schema refuses is not sent: the call fails naming the field', async () => {
    const before = both.state.answers.length;
    const connection = await open(both.url, 'modern', {
      answers: scripted(() => ({ action: 'accept', content: { confirm: true, reason: 'x'.repeat(41) } })).answers,
    });
    const called = await connection.callTool('delete_file', { path: '/tmp/c' });
    expect(called.ok ? 'ok' : called.failure.message).toMatch(/reason: .*40/);
    expect(both.state.answers.length).toBe(before);
    await connection.close();
  });

  it('a URL: the full URL and its domain are given to the person, who decides', async () => {
    const script = scripted(() => ({ action: 'cancel' }), 'accept');
    const connection = await open(both.url, 'modern', { answers: script.answers });
    const called = await connection.callTool('sign_in_elsewhere', {});
    expect(called.ok && text(called.value)).toBe('url elicitation: accept');
    expect(script.asked[0]).toMatchObject({
      mode: 'url',
      url: 'https://auth.example.com/connect?state=abc',
      domain: 'auth.example.com',
    });
    await connection.close();
  });

  it('sampling is declined unless a sampler is configured; roots are none by default', async () => {
    const plain = await open(both.url, 'modern');
    const declined = await plain.callTool('summarize', { topic: 'MCP' });
    expect(declined.ok ? text(declined.value) : declined.failure.message).toMatch(/declined/i);
    const roots = await plain.callTool('show_roots', {});
    expect(roots.ok && text(roots.value)).toBe('roots: []');
    await plain.close();
    const sampling = await open(both.url, 'modern', {
      answers: {
        sampler: async (request) => ({
          model: 'stub-model',
          role: 'assistant',
          content: { type: 'text', text: `about ${request.messages[0]!.text}` },
        }),
        roots: [{ uri: 'file:///home/ada/project' }],
      },
    });
    const sampled = await sampling.callTool('summarize', { topic: 'MCP' });
    expect(sampled.ok && text(sampled.value)).toBe('model stub-model: about Summarize MCP');
    const configured = await sampling.callTool('show_roots', {});
    expect(configured.ok && text(configured.value)).toBe('roots: ["file:///home/ada/project"]');
    await sampling.close();
  });

  it('log messages arrive at the level asked for, per request', async () => {
    const logged: string[] = [];
    const connection = await open(both.url, 'modern', {
      logLevel: 'info',
      onServerLog: (message) => logged.push(`${message.level} ${JSON.stringify(message.data)}`),
    });
    await connection.callTool('log_steps', {});
    expect(logged).toEqual(['info "step one"', 'warning {"step":2,"note":"halfway"}']);
    await connection.close();
  });
});

describe('what the server asks of the client (legacy: server requests on a session)', () => {
  it('elicitation (form and URL), sampling, roots and the session log level', async () => {
    const script = scripted(() => ({ action: 'accept', content: { confirm: true, reason: 'old files' } }), 'cancel');
    const logged: string[] = [];
    const connection = await open(sessions.url, 'legacy', {
      answers: {
        ...script.answers,
        sampler: async () => ({ model: 'stub-model', role: 'assistant', content: { type: 'text', text: 'short' } }),
        roots: [{ uri: 'file:///srv' }],
      },
      logLevel: 'warning',
      onServerLog: (message) => logged.push(message.level),
    });
    expect([connection.era, connection.protocolVersion]).toEqual(['legacy', '2025-11-25']);
    const deleted = await connection.callTool('delete_file', { path: '/old' });
    expect(deleted.ok && text(deleted.value)).toBe('Deleted /old');
    expect(sessions.state.answers.at(-1)).toBe(
      'delete_file: accept {"confirm":true,"reason":"old files","priority":"low"}',
    );
    const link = await connection.callTool('sign_in_elsewhere', {});
    expect(link.ok && text(link.value)).toBe('url elicitation: cancel');
    const sampled = await connection.callTool('summarize', { topic: 'MCP' });
    expect(sampled.ok && text(sampled.value)).toBe('model stub-model: short');
    const roots = await connection.callTool('show_roots', {});
    expect(roots.ok && text(roots.value)).toBe('roots: ["file:///srv"]');
    await connection.callTool('log_steps', {});
    expect(logged).toEqual(['warning']);
    await connection.close();
  });

  it('the same server still serves the modern era', async () => {
    const connection = await open(sessions.url, 'auto', { answers: scripted(() => ({ action: 'decline' })).answers });
    expect(connection.era).toBe('modern');
    const declined = await connection.callTool('delete_file', { path: '/x' });
    expect(declined.ok && text(declined.value)).toBe('Not deleted (decline)');
    await connection.close();
  });
});

describe('resources, templates, prompts, completions and subscriptions', () => {
  it.each(['modern', 'legacy'] as const)('in the %s era', async (era) => {
    const connection = await open(both.url, era);
    const resources = await connection.listResources();
    expect(resources.ok && resources.value.map((resource) => resource.uri)).toEqual([
      'test://readme',
      'test://logo.png',
      'ui://v2/counter.html',
    ]);
    const read = await connection.readResource('test://readme');
    expect(read.ok && read.value.contents[0]).toMatchObject({
      uri: 'test://readme',
      text: 'Hello from the v2 test server.',
    });
    const templates = await connection.listResourceTemplates();
    expect(templates.ok && templates.value.map((template) => template.uriTemplate)).toEqual([
      'test://items/{name}{?detail}',
    ]);
    const item = await connection.readResource('test://items/apple?detail=full');
    expect(item.ok && JSON.parse(String((item.value.contents[0] as { text: string }).text))).toEqual({
      name: 'apple',
      detail: 'full',
    });
    const completed = await connection.complete(
      { type: 'ref/resource', uri: 'test://items/{name}{?detail}' },
      { name: 'name', value: 'ap' },
    );
    expect(completed.ok && completed.value.values).toEqual(['apple', 'apricot']);
    const prompt = await connection.getPrompt('greet', { name: 'Ada', style: 'formal' });
    expect(prompt.ok && prompt.value.messages[0]!.content).toEqual({
      type: 'text',
      text: 'Greet Ada in a formal way.',
    });
    const style = await connection.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'style', value: 'f' });
    expect(style.ok && style.value.values).toEqual(['formal', 'friendly']);
    await connection.close();
  });

  it('a modern subscription hears a resource update', async () => {
    const updated: string[] = [];
    const connection = await open(both.url, 'modern', { onResourceUpdated: (uri) => updated.push(uri) });
    const subscription = await connection.subscribe('test://readme');
    expect(subscription.ok).toBe(true);
    both.resourceUpdated('test://readme');
    for (let wait = 0; wait < 100 && updated.length === 0; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updated).toEqual(['test://readme']);
    if (subscription.ok) await subscription.value.close();
    await connection.close();
  });
});

describe("a call's time limit while the person is asked", () => {
  it.each([
    ['a 2025-era session', 'legacy'],
    ['the modern era', 'modern'],
  ] as const)(
    '%s: a form answered after the limit still ends the call, which the limit did not stop',
    async (_, era) => {
      const slowly: Elicitor = {
        form: () =>
          new Promise((resolve) => setTimeout(() => resolve({ action: 'accept', content: { confirm: true } }), 900)),
        url: async () => 'decline',
      };
      const connection = await open(era === 'legacy' ? sessions.url : both.url, era, {
        timeoutMs: 300,
        answers: { elicitor: slowly, validator },
      });
      const called = await connection.callTool('delete_file', { path: '/tmp/slow' });
      expect(called.ok ? text(called.value) : called.failure.message).toBe('Deleted /tmp/slow');
      await connection.close();
    },
  );
});
