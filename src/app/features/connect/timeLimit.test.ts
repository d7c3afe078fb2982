import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../../core/mcp/client';
import { DEFAULT_TIMEOUT_SECONDS, parseTimeLimit } from './timeLimit';

describe('the time limit field', () => {
  it("its default is the client's", () => {
    expect(DEFAULT_TIMEOUT_SECONDS * 1000).toBe(DEFAULT_TIMEOUT_MS);
  });

  it('empty is the default; whole seconds in range are taken', () => {
    expect(parseTimeLimit('  ')).toEqual({ ok: true, seconds: undefined });
    expect(parseTimeLimit(' 5 ')).toEqual({ ok: true, seconds: 5 });
    expect(parseTimeLimit('600')).toEqual({ ok: true, seconds: 600 });
  });

  it('anything else is refused naming the field and the rule', () => {
    expect(parseTimeLimit('2.5')).toEqual({
      ok: false,
      message: "Time limit: '2.5' is not a whole number of seconds; expected 1 to 600, or empty for the default (30).",
    });
    expect(parseTimeLimit('ten')).toMatchObject({ ok: false, message: expect.stringContaining("Time limit: 'ten'") });
    expect(parseTimeLimit('0')).toEqual({
      ok: false,
      message: 'Time limit: 0 is out of range; expected 1 to 600 seconds.',
    });
    expect(parseTimeLimit('601')).toEqual({
      ok: false,
      message: 'Time limit: 601 is out of range; expected 1 to 600 seconds.',
    });
  });
});
