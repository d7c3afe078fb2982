import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { answerServerRequests, type Elicitor } from '.';

const newClient = () => new Client({ name: 'test', version: '1.0.0' });

const elicitor: Elicitor = {
  form: async () => ({ action: 'accept', content: { confirm: true } }),
  url: async () => 'decline',
};

describe('what a client declares and answers, set up in one call', () => {
  it('declares elicitation only with someone to ask, and sampling and roots always', () => {
    expect(answerServerRequests(newClient(), {}).capabilities).toEqual({ sampling: {}, roots: {} });
    expect(answerServerRequests(newClient(), { elicitor, check: () => [] }).capabilities).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      roots: {},
    });
  });

  it('refuses an elicitor without a check of its answers, naming the parameter', () => {
    expect(() => answerServerRequests(newClient(), { elicitor })).toThrow(
      /^answers\.elicitor: .*validator \(or check\)/,
    );
  });

  it("answers a task's embedded requests with the same handlers, and names a method it does not answer", async () => {
    const input = answerServerRequests(newClient(), {
      elicitor,
      check: () => [],
      roots: [{ uri: 'file:///work' }],
    });
    await expect(input.answer('roots/list', {})).resolves.toEqual({ roots: [{ uri: 'file:///work' }] });
    await expect(
      input.answer('elicitation/create', {
        mode: 'form',
        message: 'Sure?',
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
      }),
    ).resolves.toEqual({ action: 'accept', content: { confirm: true } });
    await expect(input.answer('sampling/createMessage', { messages: [], maxTokens: 10 })).rejects.toBeInstanceOf(
      ProtocolError,
    );
    await expect(input.answer('tools/list', {})).rejects.toThrow('tools/list: not a request this client answers');
  });

  it('says a client opened with no one to ask cannot answer an elicitation', async () => {
    const input = answerServerRequests(newClient(), {});
    await expect(input.answer('elicitation/create', { mode: 'form', message: 'Sure?' })).rejects.toThrow(
      'elicitation/create: this client was opened with no one to ask',
    );
  });
});
