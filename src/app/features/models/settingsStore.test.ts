// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_COMPARE } from './compareSettings';
import { DEFAULT_SETTINGS } from './settings';
import { keepCompare, keepSettings, recalledCompare, recalledSettings } from './settingsStore';

beforeEach(() => localStorage.clear());

describe('settingsStore', () => {
  it('brings back the endpoint, model and prompts, not the toolset', () => {
    keepSettings({
      ...DEFAULT_SETTINGS,
      provider: 'anthropic',
      baseUrl: 'http://127.0.0.1:9/',
      model: 'claude-sonnet-4-5',
      userMessage: 'Read it',
      toolsetId: 'prfactory',
      temperature: 0.2,
    });
    const back = recalledSettings();
    expect(back).toMatchObject({
      provider: 'anthropic',
      baseUrl: 'http://127.0.0.1:9/',
      model: 'claude-sonnet-4-5',
      userMessage: 'Read it',
      temperature: 0.2,
    });
    expect(back.toolsetId).toBe(DEFAULT_SETTINGS.toolsetId);
  });

  it('brings back the options as typed: the mode and the steps, out of range too, never the auto-approval', () => {
    keepSettings({ ...DEFAULT_SETTINGS, mode: 'agent', maxSteps: 999, autoApprove: 'high' });
    expect(recalledSettings()).toMatchObject({
      mode: 'agent',
      maxSteps: 999,
      autoApprove: DEFAULT_SETTINGS.autoApprove,
    });
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('tsp:model-settings', '{"provider": "nobody", "model": 7');
    expect(recalledSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem('tsp:model-settings', '{"provider": "nobody", "model": 7}');
    expect(recalledSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('brings back a tool choice that needs no toolset, not one naming a tool', () => {
    keepSettings({ ...DEFAULT_SETTINGS, toolChoice: { type: 'required' } });
    expect(recalledSettings().toolChoice).toEqual({ type: 'required' });
    keepSettings({ ...DEFAULT_SETTINGS, toolChoice: { type: 'tool', name: 'read_file' } });
    expect(recalledSettings().toolChoice).toEqual(DEFAULT_SETTINGS.toolChoice);
  });

  it('brings back the side-by-side columns as typed, without their keys', () => {
    keepCompare({
      kind: 'models',
      extra: [{ provider: 'anthropic', baseUrl: 'http://127.0.0.1:9/', model: 'emulated-small', apiKey: 'sk-secret' }],
      editTool: '',
      editDescription: '',
      editVersion: '',
    });
    expect(localStorage.getItem('tsp:model-compare')).not.toContain('sk-secret');
    expect(recalledCompare()).toEqual({
      kind: 'models',
      extra: [{ provider: 'anthropic', baseUrl: 'http://127.0.0.1:9/', model: 'emulated-small', apiKey: '' }],
      editTool: '',
      editDescription: '',
      editVersion: '',
    });
    localStorage.setItem('tsp:model-compare', '{"kind": "models", "extra": [{"provider": "nobody"}]');
    expect(recalledCompare().kind).toBe('off');
  });
});

describe('settingsStore on a full disk', () => {
  it('answers why the settings and columns were not kept, and keeps the earlier ones', () => {
    keepSettings({ ...DEFAULT_SETTINGS, userMessage: 'Kept before' });
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    try {
      const result = keepSettings({ ...DEFAULT_SETTINGS, userMessage: 'Typed now' });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(
        /storage in the browser is full \(QuotaExceededError\)\. Free space/,
      );
      expect(keepCompare(NO_COMPARE).ok).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(recalledSettings().userMessage).toBe('Kept before');
    expect(keepSettings(DEFAULT_SETTINGS)).toEqual({ ok: true });
  });
});
