import { describe, expect, it } from 'vitest';
import { caseToDraft, draftToCase, emptyCase, readValue } from './caseDraft';
import type { EvalCase } from '../../../core/evals';

const full: EvalCase = {
  id: 'email',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Email the forecast.' },
  ],
  expect: {
    calls: [
      {
        tool: ['get_weather', 'get_forecast'],
        arguments: {
          city: { anyOf: ['Oslo', 'Oslo, Norway'], optional: true },
          days: { typed: true },
          unit: { absent: true },
        },
      },
      {
        tool: 'send_email',
        arguments: {
          to: { equals: ['ana@example.com'] },
          subject: { pattern: '(?i)forecast' },
          count: { equals: 3 },
          note: { equals: 'plain text' },
        },
        noOtherArguments: true,
      },
    ],
    order: 'sequence',
    noCall: false,
    mustNotCall: ['delete_account'],
    allowExtraCalls: false,
  },
  repetitions: 5,
};

describe('the case editor draft', () => {
  it('round-trips every matcher, the order, the negatives and the repetitions', () => {
    expect(draftToCase(caseToDraft(full))).toEqual({ case: full });
  });

  it('reads text that looks like JSON as JSON, and anything else as the text typed', () => {
    expect(readValue('3')).toEqual({ value: 3 });
    expect(readValue('"3"')).toEqual({ value: '3' });
    expect(readValue('Paris')).toEqual({ value: 'Paris' });
    expect(readValue('{"a": ')).toMatchObject({ error: expect.stringMatching(/not valid JSON/) });
  });

  it('names each bad field and keeps the draft as typed', () => {
    const draft = emptyCase('');
    draft.calls[0]!.arguments.push(
      { name: 'path', kind: 'equals', value: '{"a":', optional: false },
      { name: 'path', kind: 'pattern', value: '(?<=a)b', optional: false },
      { name: '', kind: 'anyOf', value: '', optional: false },
    );
    draft.repetitions = 'many';
    const before = structuredClone(draft);
    const result = draftToCase(draft);
    expect('problems' in result && result.problems.map((problem) => problem.field)).toEqual([
      'id',
      'messages',
      'calls.0.tools',
      'calls.0.arguments.0.value',
      'calls.0.arguments.1.name',
      'calls.0.arguments.1.value',
      'calls.0.arguments.2.name',
      'calls.0.arguments.2.value',
      'repetitions',
    ]);
    expect(draft).toEqual(before);
  });

  it('refuses an id the suite already has; a no-call case needs no calls', () => {
    const draft = { ...emptyCase('chat'), messages: [{ role: 'user' as const, content: 'thanks' }], noCall: true };
    expect(draftToCase(draft, ['chat'])).toMatchObject({ problems: [{ field: 'id' }] });
    expect(draftToCase(draft)).toMatchObject({ case: { id: 'chat', expect: { noCall: true, calls: [] } } });
  });
});
