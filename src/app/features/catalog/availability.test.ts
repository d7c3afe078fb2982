import { describe, expect, it } from 'vitest';
import { collection } from '../../../core/toolset/bundle';
import { AVAILABILITY_CHOICES, unavailableReason } from './availability';

const context = (id: string) => AVAILABILITY_CHOICES.find((choice) => choice.id === id)!.context;
const tool = (name: string) => collection.toolsets.flatMap((toolset) => toolset.tools).find((candidate) => candidate.name === name)!;

describe('which tools can run where', () => {
  it('runs every bundled tool in the playground', () => {
    for (const toolset of collection.toolsets) for (const candidate of toolset.tools) expect(unavailableReason(candidate, context('playground')), candidate.name).toBeNull();
  });

  it('says what is missing with a preset', () => {
    expect(unavailableReason(tool('git_log'), context('default'))).toBe('Needs a git repository');
    expect(unavailableReason(tool('ExecuteShell'), context('safeOnly'))).toBe('Needs a terminal');
    expect(unavailableReason(tool('write_file'), context('safeOnly'))).toBe('Low Risk: above the Safe limit');
    expect(unavailableReason(tool('read_file'), context('safeOnly'))).toBeNull();
  });
});
