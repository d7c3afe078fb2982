// A question to the person whose call ends first: withdrawn with the reason, and the call ends as cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpV2Server, type McpV2Server } from '../../../e2e/servers/mcp-v2-server';
import { createCompilingValidator } from '../validation/compile';
import { Asking, AskWithdrawn, CallStopped, TimeLimitReached, whyWithdrawn } from './asking';
import { connectHttp, type McpEra } from './client';
import type { AskContext, Elicitor } from './input';

const validator = createCompilingValidator();
let both: McpV2Server;
let sessions: McpV2Server;
beforeAll(async () => {
  [both, sessions] = await Promise.all([startMcpV2Server(), startMcpV2Server({ legacySessions: true })]);
});
afterAll(async () => {
  await Promise.all([both.close(), sessions.close()]);
});

/** An elicitor that never answers: it hands over what each question came with, and rejects as it is told. */
function waiting() {
  const asked: AskContext[] = [];
  let onAsked: () => void = () => undefined;
  const question = (context: AskContext | undefined) =>
    new Promise<never>((_, reject) => {
      asked.push(context ?? {});
      context?.signal?.addEventListener('abort', () => reject(context.signal!.reason));
      onAsked();
    });
  const elicitor: Elicitor = { form: (_, context) => question(context), url: (_, context) => question(context) };
  const next = () => new Promise<void>((resolve) => (onAsked = resolve));
  return { asked, elicitor, next };
}

describe('a question whose call ends before it is answered', () => {
  it.each([
    ['a 2025-era session', 'legacy'],
    ['the modern era', 'modern'],
  ] as const)(
    '%s: Stop withdraws the question, the call ends as cancelled, no answer reaches the tool',
    async (_, era: McpEra) => {
      const server = era === 'legacy' ? sessions : both;
      const person = waiting();
      const outcome = await connectHttp(
        { url: server.url },
        { era, answers: { elicitor: person.elicitor, validator } },
      );
      if (!outcome.ok) throw new Error(outcome.failure.message);
      const before = server.state.answers.length;
      const stop = new AbortController();
      const asked = person.next();
      const call = outcome.value.callTool('delete_file', { path: '/tmp/stop' }, { signal: stop.signal });
      await asked;
      const [context] = person.asked;
      expect(context?.signal?.aborted).toBe(false);
      expect(context?.stop).toBeTypeOf('function');
      stop.abort();
      const called = await call;
      expect(called.ok ? 'ok' : called.failure.kind).toBe('cancelled');
      expect(context?.signal?.reason).toEqual(new AskWithdrawn('the call was stopped'));
      expect(server.state.answers.slice(before)).toEqual([]);
      await outcome.value.close();
    },
  );

  it.each([
    ['a 2025-era session', 'legacy'],
    ['the modern era', 'modern'],
  ] as const)('%s: the stop a question offers stops its call', async (_, era: McpEra) => {
    const server = era === 'legacy' ? sessions : both;
    const person = waiting();
    const outcome = await connectHttp({ url: server.url }, { era, answers: { elicitor: person.elicitor, validator } });
    if (!outcome.ok) throw new Error(outcome.failure.message);
    const asked = person.next();
    const call = outcome.value.callTool('sign_in_elsewhere', {});
    await asked;
    person.asked[0]!.stop!();
    const called = await call;
    expect(called.ok ? 'ok' : called.failure).toMatchObject({ kind: 'cancelled' });
    expect((person.asked[0]!.signal!.reason as AskWithdrawn).why).toBe('the call was stopped');
    await outcome.value.close();
  });

  it('a 2025-era session that closes withdraws the question it was asking', async () => {
    const person = waiting();
    const outcome = await connectHttp(
      { url: sessions.url },
      { era: 'legacy', answers: { elicitor: person.elicitor, validator } },
    );
    if (!outcome.ok) throw new Error(outcome.failure.message);
    const asked = person.next();
    const call = outcome.value.callTool('delete_file', { path: '/tmp/close' });
    await asked;
    await outcome.value.close();
    await call;
    expect((person.asked[0]!.signal!.reason as AskWithdrawn).why).toBe('the connection closed');
  });
});

describe('why a question was withdrawn', () => {
  it('names a stop, a time limit, a closed connection and a server cancel, from either side', () => {
    expect(whyWithdrawn(new CallStopped(), 'call')).toBe('the call was stopped');
    expect(whyWithdrawn(new DOMException('x', 'AbortError'), 'call')).toBe('the call was stopped');
    expect(whyWithdrawn(new TimeLimitReached(500), 'request')).toBe('the call reached its time limit (500 ms)');
    expect(whyWithdrawn(new Error('Connection closed'), 'request')).toBe('the connection closed');
    expect(whyWithdrawn('no longer needed', 'request')).toBe('the server cancelled it (no longer needed)');
    expect(whyWithdrawn(new DOMException('x', 'AbortError'), 'request')).toBe('the server cancelled it');
  });

  it('a question asked with no call in flight is withdrawn only by its request, and offers no stop', () => {
    const asking = new Asking();
    const seen: AskContext[] = [];
    const tracked = asking.track({
      elicitor: { form: async (_, context) => (seen.push(context!), { action: 'cancel' }), url: async () => 'cancel' },
    });
    const request = new AbortController();
    void tracked.elicitor!.form({ mode: 'form', message: 'm', schema: {}, fields: [] }, { signal: request.signal });
    expect(seen[0]!.stop).toBeUndefined();
    request.abort('done elsewhere');
    expect((seen[0]!.signal!.reason as AskWithdrawn).why).toBe('the server cancelled it (done elsewhere)');
  });

  it('a question asked during two calls stays until both are stopped, and its stop stops both', () => {
    const asking = new Asking();
    const seen: AskContext[] = [];
    const tracked = asking.track({
      elicitor: {
        form: async () => ({ action: 'cancel' }),
        url: async (_, context) => (seen.push(context!), 'cancel'),
      },
    });
    const [first, second] = [new AbortController(), new AbortController()];
    const endFirst = asking.begin(first);
    asking.begin(second);
    endFirst();
    asking.begin(first);
    void tracked.elicitor!.url({ mode: 'url', message: 'm', url: 'https://a.example', domain: 'a.example' });
    first.abort();
    expect(seen[0]!.signal!.aborted).toBe(false);
    seen[0]!.stop!();
    expect(second.signal.reason).toBeInstanceOf(CallStopped);
    expect((seen[0]!.signal!.reason as AskWithdrawn).why).toBe('the call was stopped');
  });
});
