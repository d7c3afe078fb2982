import { describe, expect, it } from 'vitest';
import { runSuite, type CallModel, type ModelOutcome } from './run-suite';
import { testContext } from './context.test-support';
import type { EvalSuite } from './types';

const suite: EvalSuite = {
  name: 'runs',
  toolset: 'weather-tools',
  repetitions: 2,
  cases: [
    {
      id: 'paris',
      messages: [{ role: 'user', content: 'Paris?' }],
      expect: {
        calls: [{ tool: 'get_weather', arguments: { city: { equals: 'Paris' } } }],
        order: 'any',
        noCall: false,
        mustNotCall: [],
        allowExtraCalls: false,
      },
    },
    {
      id: 'chat',
      messages: [{ role: 'user', content: 'hi' }],
      expect: { calls: [], order: 'any', noCall: true, mustNotCall: [], allowExtraCalls: false },
      repetitions: 3,
    },
  ],
};
const right = (city: string): ModelOutcome => ({
  ok: true,
  calls: [{ tool: 'get_weather', arguments: { city } }],
  usage: { inputTokens: 10, outputTokens: 5, latencyMs: 100 },
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('running a suite through callModel', () => {
  it('runs every case × model × repetition at most `concurrency` at once, and grades each', async () => {
    let inFlight = 0;
    let most = 0;
    const callModel: CallModel = async ({ case: evalCase, model }) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      inFlight--;
      if (evalCase.id === 'chat') return { ok: true, calls: [] };
      return right(model === 'good' ? 'Paris' : 'Lyon');
    };
    const progress: number[] = [];
    const result = await runSuite({
      suite,
      models: ['good', 'bad'],
      callModel,
      context: testContext(),
      concurrency: 3,
      onProgress: (p) => progress.push(p.done),
    });
    expect(result.total).toBe(10);
    expect(result.cancelled).toBe(false);
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Results are kept in plan order whatever order they finished in.
    expect(result.runs.map((run) => `${run.case}/${run.model}/${run.repetition}:${run.grade.pass}`)).toEqual([
      'paris/good/1:true',
      'paris/good/2:true',
      'paris/bad/1:false',
      'paris/bad/2:false',
      'chat/good/1:true',
      'chat/good/2:true',
      'chat/good/3:true',
      'chat/bad/1:true',
      'chat/bad/2:true',
      'chat/bad/3:true',
    ]);
    expect(result.runs[0]!.usage).toEqual({ inputTokens: 10, outputTokens: 5, latencyMs: 100 });
  });

  it('backs off on 429, honouring Retry-After, then gives up after maxRetries with the error kept', async () => {
    const waits: number[] = [];
    let calls = 0;
    const callModel: CallModel = async () => {
      calls++;
      if (calls === 1) return { ok: false, rateLimited: true, retryAfterMs: 7000, message: '429' };
      if (calls <= 3) return { ok: false, rateLimited: true, message: '429' };
      return right('Paris');
    };
    const one: EvalSuite = { ...suite, repetitions: 1, cases: [suite.cases[0]!] };
    const result = await runSuite({
      suite: one,
      models: ['m'],
      callModel,
      context: testContext(),
      sleep: async (ms) => void waits.push(ms),
      backoffBaseMs: 500,
    });
    expect(waits).toEqual([7000, 1000, 2000]);
    expect(result.runs[0]!.grade.pass).toBe(true);

    const always: CallModel = async () => ({ ok: false, rateLimited: true, message: 'HTTP 429: rate limited' });
    const given = await runSuite({
      suite: one,
      models: ['m'],
      callModel: always,
      context: testContext(),
      sleep: async () => {},
      maxRetries: 2,
    });
    expect(given.runs[0]).toMatchObject({
      error: 'HTTP 429: rate limited',
      grade: { pass: false, reason: 'the run failed: HTTP 429: rate limited' },
    });
  });

  it('records other errors and throws as failed runs without retrying', async () => {
    let calls = 0;
    const callModel: CallModel = async ({ repetition }) => {
      calls++;
      if (repetition === 1) return { ok: false, message: 'HTTP 401: bad key' };
      throw new Error('socket hang up');
    };
    const one: EvalSuite = { ...suite, cases: [suite.cases[1]!] };
    const result = await runSuite({ suite: one, models: ['m'], callModel, context: testContext(), concurrency: 1 });
    expect(calls).toBe(3);
    // A no-call case must not pass because the run produced no calls by failing.
    expect(result.runs.map((run) => [run.error, run.grade.pass])).toEqual([
      ['HTTP 401: bad key', false],
      ['socket hang up', false],
      ['socket hang up', false],
    ]);
  });

  it('stops on Cancel and keeps the runs already finished', async () => {
    const controller = new AbortController();
    let started = 0;
    const callModel: CallModel = ({ signal }) => {
      started++;
      if (started === 3) controller.abort();
      return new Promise((resolve) => {
        if (signal.aborted) return resolve({ ok: false, message: 'aborted' });
        setTimeout(() => resolve(right('Paris')), 0);
      });
    };
    const result = await runSuite({
      suite,
      models: ['m'],
      callModel,
      context: testContext(),
      concurrency: 1,
      signal: controller.signal,
    });
    expect(result.cancelled).toBe(true);
    expect(started).toBe(3);
    expect(result.runs.map((run) => `${run.case}/${run.repetition}`)).toEqual(['paris/1', 'paris/2']);
  });
});
