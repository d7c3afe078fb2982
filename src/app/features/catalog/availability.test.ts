import { describe, expect, it } from 'vitest';
import { collection } from '../../../core/toolset/bundle';
import { AVAILABILITY_CHOICES, cardAvailability, unavailableReason } from './availability';

const context = (id: string) => AVAILABILITY_CHOICES.find((choice) => choice.id === id)!.context;
const tool = (name: string) =>
  collection.toolsets.flatMap((toolset) => toolset.tools).find((candidate) => candidate.name === name)!;

describe('which tools can run where', () => {
  it('runs every bundled tool in the playground', () => {
    for (const toolset of collection.toolsets)
      for (const candidate of toolset.tools)
        expect(unavailableReason(candidate, context('playground')), candidate.name).toBeNull();
  });

  it('says what is missing with a preset', () => {
    expect(unavailableReason(tool('git_log'), context('default'))).toBe('Needs a git repository');
    expect(unavailableReason(tool('ExecuteShell'), context('safeOnly'))).toBe('Needs a terminal');
    expect(unavailableReason(tool('write_file'), context('safeOnly'))).toBe('Low Risk: above the Safe limit');
    expect(unavailableReason(tool('read_file'), context('safeOnly'))).toBeNull();
  });
});

describe('what a card says about running its tool', () => {
  it('says a bundled tool can run here, or why not', () => {
    expect(cardAvailability(tool('read_file'), context('playground'))).toEqual({ runs: true, label: 'Can run here' });
    expect(cardAvailability(tool('git_log'), context('default'))).toEqual({
      runs: false,
      label: 'Needs a git repository',
    });
  });

  it('says a built site’s tool with neither code nor a mock has no code there, in every context', () => {
    const noCode = { ...tool('read_file'), noCode: true as const };
    for (const choice of AVAILABILITY_CHOICES)
      expect(cardAvailability(noCode, choice.context)).toEqual({ runs: false, label: 'No code on this site' });
  });

  it('never says an imported tool runs here: it answers with its saved mock, or has none yet', () => {
    const imported = { name: 'get_weather', category: 'general', tags: [], riskLevel: 'safe' as const };
    expect(cardAvailability(imported, context('playground'), { mocks: { get_weather: { kind: 'json' } } })).toEqual({
      runs: true,
      label: 'Answers with its mock',
    });
    expect(cardAvailability(imported, context('playground'), { mocks: {} })).toEqual({
      runs: false,
      label: 'No mock result saved',
    });
  });
});
