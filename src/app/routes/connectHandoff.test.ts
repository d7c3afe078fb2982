// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { recalledSettings } from '../features/models/settingsStore';
import { handOffToModels } from './connectHandoff';

describe('handOffToModels', () => {
  beforeEach(() => localStorage.clear());
  it('sets the user message the Models page starts from and keeps the model and system prompt chosen before', () => {
    localStorage.setItem('tsp:model-settings', JSON.stringify({ model: 'chosen-model', system: 'Be brief.' }));
    handOffToModels([{ role: 'user', content: { type: 'text', text: 'Greet Ada.' } }]);
    const settings = recalledSettings();
    expect(settings.userMessage).toBe('Greet Ada.');
    expect(settings.model).toBe('chosen-model');
    expect(settings.system).toBe('Be brief.');
  });
});
