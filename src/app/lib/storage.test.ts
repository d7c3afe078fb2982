import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  clearArgumentsText,
  createMemoryStore,
  loadArgumentsText,
  loadReplacedArguments,
  loadThemePreference,
  saveArgumentsText,
  saveReplacedArguments,
  saveThemePreference,
  type KeyValueStore,
} from './storage';

describe('argument storage', () => {
  it('keeps text per tool, verbatim', () => {
    const store = createMemoryStore();
    saveArgumentsText('read_file', '{"path": ', store);
    saveArgumentsText('write_file', '{}', store);
    expect(loadArgumentsText('read_file', store)).toBe('{"path": ');
    expect(loadArgumentsText('write_file', store)).toBe('{}');
    clearArgumentsText('read_file', store);
    expect(loadArgumentsText('read_file', store)).toBeNull();
    expect(loadArgumentsText('write_file', store)).toBe('{}');
  });

  it('keeps the arguments a shared link replaced apart, per tool, until cleared', () => {
    const store = createMemoryStore();
    expect(loadReplacedArguments('read_file', store)).toBeNull();
    saveReplacedArguments('read_file', { previous: '{"path": ', shared: '{}' }, store);
    expect(loadReplacedArguments('read_file', store)).toEqual({ previous: '{"path": ', shared: '{}' });
    expect(loadReplacedArguments('write_file', store)).toBeNull();
    saveReplacedArguments('read_file', null, store);
    expect(loadReplacedArguments('read_file', store)).toBeNull();
    store.setItem('tsp:arguments-replaced:read_file', '{"previous": 1}');
    expect(loadReplacedArguments('read_file', store)).toBeNull();
    store.setItem('tsp:arguments-replaced:read_file', 'not json');
    expect(loadReplacedArguments('read_file', store)).toBeNull();
  });

  it('survives a store that throws (quota, disabled storage)', () => {
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveArgumentsText('read_file', '{}', throwing)).not.toThrow();
    expect(loadArgumentsText('read_file', throwing)).toBeNull();
    expect(loadThemePreference(throwing)).toBe('system');
    expect(loadArgumentsText('read_file', null)).toBeNull();
  });
});

describe('theme preference', () => {
  it('defaults to the system and persists a manual choice', () => {
    const store = createMemoryStore();
    expect(loadThemePreference(store)).toBe('system');
    saveThemePreference('dark', store);
    expect(loadThemePreference(store)).toBe('dark');
    saveThemePreference('system', store);
    expect(loadThemePreference(store)).toBe('system');
    store.setItem('tsp:theme', 'purple');
    expect(loadThemePreference(store)).toBe('system');
  });
});

describe('saveArgumentsText over the quota', () => {
  it('says so and drops the older text, so a reload cannot bring it back in place of the newer one', () => {
    const store = createMemoryStore();
    expect(saveArgumentsText('write_file', '{"content": "small"}', store)).toBe(true);
    const full = {
      ...store,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(saveArgumentsText('write_file', '{"content": "very large"}', full)).toBe(false);
    expect(loadArgumentsText('write_file', store)).toBeNull();
  });
});

describe('the theme read before the page is drawn', () => {
  it('is read by public/boot.js under the key the app saves it under', () => {
    const boot = readFileSync(new URL('../../../public/boot.js', import.meta.url), 'utf8');
    const key = /localStorage\.getItem\('([^']+)'\)/.exec(boot)?.[1];
    const store = createMemoryStore();
    saveThemePreference('dark', store);
    expect(key).toBeDefined();
    expect(store.getItem(key!)).toBe('dark');
  });
});

describe('theme and replaced arguments on a full disk', () => {
  it('answer why they were not kept, and the earlier values stay', () => {
    const store = createMemoryStore();
    saveThemePreference('dark', store);
    saveReplacedArguments('read_file', { previous: '{"path": "a"}', shared: '{}' }, store);
    const full: KeyValueStore = {
      ...store,
      setItem: () => {
        throw new DOMException('', 'QuotaExceededError');
      },
    };
    const theme = saveThemePreference('light', full);
    expect(!theme.ok && theme.message).toMatch(/storage in the browser is full \(QuotaExceededError\)/);
    const replaced = saveReplacedArguments('read_file', { previous: '{"path": "b"}', shared: '{}' }, full);
    expect(replaced.ok).toBe(false);
    expect(loadThemePreference(store)).toBe('dark');
    expect(loadReplacedArguments('read_file', store)?.previous).toBe('{"path": "a"}');
    expect(saveThemePreference('system', full)).toEqual({ ok: true });
  });
});
