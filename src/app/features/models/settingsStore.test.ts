// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';
import { keepSettings, recalledSettings } from './settingsStore';

beforeEach(() => localStorage.clear());

describe('settingsStore', () => {
  it('brings back the endpoint, model and prompts, not the toolset', () => {
    keepSettings({ ...DEFAULT_SETTINGS, provider: 'anthropic', baseUrl: 'http://127.0.0.1:9/', model: 'claude-sonnet-4-5', userMessage: 'Read it', toolsetId: 'prfactory', temperature: 0.2 });
    const back = recalledSettings();
    expect(back).toMatchObject({ provider: 'anthropic', baseUrl: 'http://127.0.0.1:9/', model: 'claude-sonnet-4-5', userMessage: 'Read it', temperature: 0.2 });
    expect(back.toolsetId).toBe(DEFAULT_SETTINGS.toolsetId);
  });

  it('brings back the options as typed: the mode and the steps, out of range too, never the auto-approval', () => {
    keepSettings({ ...DEFAULT_SETTINGS, mode: 'agent', maxSteps: 999, autoApprove: 'high' });
    expect(recalledSettings()).toMatchObject({ mode: 'agent', maxSteps: 999, autoApprove: DEFAULT_SETTINGS.autoApprove });
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('tsp:model-settings', '{"provider": "nobody", "model": 7');
    expect(recalledSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem('tsp:model-settings', '{"provider": "nobody", "model": 7}');
    expect(recalledSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
