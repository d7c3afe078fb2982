import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, fillUntouched, patchSettings, settingsProblems } from './settings';
import { applyEvent, liveOf, type LiveRun } from './useModelRun';
import type { RunRecord } from '../../../core/model/agent/trace';

const ready = { ...DEFAULT_SETTINGS, model: 'gpt-4.1-mini', userMessage: 'Read the readme' };

describe('run settings', () => {
  it('accepts a complete form', () => {
    expect(settingsProblems(ready, 'sk-1', true)).toEqual([]);
  });

  it('names each bad field and its rule', () => {
    const problems = settingsProblems(
      { ...ready, baseUrl: 'localhost:11434', model: ' ', temperature: 3, maxSteps: 0, selectedTools: [] },
      '',
      true,
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      'baseUrl',
      'model',
      'apiKey',
      'temperature',
      'maxSteps',
      'selectedTools',
    ]);
    expect(problems[0]!.message).toContain('Base URL');
  });

  it('a local server needs no key; a named tool choice must be among the tools sent', () => {
    expect(settingsProblems({ ...ready, provider: 'openai-compatible' }, '', false)).toEqual([]);
    const problems = settingsProblems(
      { ...ready, selectedTools: ['read_file'], toolChoice: { type: 'tool', name: 'write_file' } },
      'k',
      true,
    );
    expect(problems.map((problem) => problem.field)).toEqual(['toolChoice']);
  });
});

describe('the live view of a run', () => {
  const record: RunRecord = {
    id: 'r',
    createdAt: '',
    provider: 'openai-chat',
    baseUrl: '',
    model: 'm',
    system: '',
    userMessage: '',
    toolNames: [],
    toolChoice: { type: 'auto' },
    steps: [],
    messages: [],
  };

  it('grows text and argument deltas as they arrive, then takes the verdict', () => {
    const live: LiveRun = { record, steps: [], running: true };
    applyEvent(live, { type: 'step-start', step: 1 });
    applyEvent(live, { type: 'part', step: 1, part: { type: 'text-delta', text: 'Look' } });
    applyEvent(live, { type: 'part', step: 1, part: { type: 'text-delta', text: 'ing.' } });
    applyEvent(live, {
      type: 'part',
      step: 1,
      part: { type: 'tool-call-start', index: 0, id: 'call_1', name: 'read_file' },
    });
    applyEvent(live, { type: 'part', step: 1, part: { type: 'tool-call-delta', index: 0, argumentsDelta: '{"pa' } });
    applyEvent(live, {
      type: 'part',
      step: 1,
      part: { type: 'tool-call-delta', index: 0, argumentsDelta: 'th":"a"}' },
    });
    expect(live.steps[0]!.text).toBe('Looking.');
    expect(live.steps[0]!.calls[0]!.argumentsText).toBe('{"path":"a"}');
    const call = { id: 'call_1', name: 'read_file', argumentsText: '{"path":"a"}' };
    applyEvent(live, {
      type: 'verdict',
      step: 1,
      index: 0,
      record: {
        call,
        verdict: {
          index: 1,
          line: 0,
          status: 'valid',
          tool: 'read_file',
          arguments: call.argumentsText,
          errors: [],
          llmText: 'ok',
        },
      },
    });
    expect(live.steps[0]!.calls).toHaveLength(1);
    expect(live.steps[0]!.calls[0]!.record?.verdict.status).toBe('valid');
  });

  it('a saved run reads back as a live view', () => {
    expect(liveOf(record)).toEqual({ record, running: false, steps: [] });
  });
});

describe('patchSettings', () => {
  const drawnWith = { system: '', model: '', temperature: 1 };
  it('lays the fields a form changed over the settings as they are now, keeping what was queued since', () => {
    const recalled = { system: 'Recalled.', model: 'recalled-model', temperature: 1 };
    expect(patchSettings(drawnWith, { ...drawnWith, system: 'Typed.' }, recalled)).toEqual({
      system: 'Typed.',
      model: 'recalled-model',
      temperature: 1,
    });
  });
  it('returns the settings as they are when nothing changed', () => {
    const current = { ...drawnWith, model: 'm' };
    expect(patchSettings(drawnWith, { ...drawnWith }, current)).toBe(current);
  });
});

describe('fillUntouched', () => {
  const drawnWith = { system: 'Default.', model: '', temperature: 1 };
  const recalled = { system: 'Recalled.', model: 'recalled-model', temperature: 0.5 };
  it('lays what was recalled over the fields still as the page was drawn, and keeps every field edited since', () => {
    expect(fillUntouched(drawnWith, recalled, { ...drawnWith, model: 'typed-model' })).toEqual({
      system: 'Recalled.',
      model: 'typed-model',
      temperature: 0.5,
    });
  });
  it('returns the settings as they are once the recalled ones are in', () => {
    const current = { ...recalled, model: 'typed-model' };
    expect(fillUntouched(drawnWith, recalled, current)).toBe(current);
  });
});
