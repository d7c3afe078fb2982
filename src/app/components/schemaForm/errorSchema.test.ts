import { describe, expect, it } from 'vitest';
import { buttonSubject, formFieldIds, toErrorTree } from './errorSchema';

describe('toErrorTree', () => {
  it('nests errors by parameter path under __errors', () => {
    const tree = toErrorTree([
      { parameter: 'path', message: 'path is required' },
      { parameter: 'env.PORT', message: 'must be a string' },
      { parameter: 'files[1]', message: 'too long' },
      { parameter: 'path', message: 'second' },
      { parameter: '', message: 'arguments must be an object' },
    ]);
    expect(tree).toEqual({
      __errors: ['arguments must be an object'],
      path: { __errors: ['path is required', 'second'] },
      env: { PORT: { __errors: ['must be a string'] } },
      files: { 1: { __errors: ['too long'] } },
    });
  });
});

describe('formFieldIds', () => {
  it('lists the field id, its key input, then the ancestors', () => {
    expect(formFieldIds('env.PORT')).toEqual(['arg_env_PORT', 'arg_env_PORT-key', 'arg_env', 'arg_env-key']);
    expect(formFieldIds('files[2]')[0]).toBe('arg_files_2');
    expect(formFieldIds('')).toEqual([]);
  });
});

describe('buttonSubject', () => {
  it('names the array item or map a form button acts on', () => {
    expect(buttonSubject('arg_files_0__remove')).toBe('files item 1');
    expect(buttonSubject('arg_options_11__moveUp')).toBe('options item 12');
    expect(buttonSubject('arg_env__add')).toBe('env');
    expect(buttonSubject('arg_default_option__add')).toBe('default_option');
    expect(buttonSubject(undefined)).toBe('');
  });
});

describe('toErrorTree with hostile parameter names', () => {
  it('keeps `constructor`, `__proto__` and `prototype` as own branches and touches no prototype', () => {
    const tree = toErrorTree([
      { parameter: 'constructor', message: 'Unknown parameter' },
      { parameter: '__proto__', message: 'Unknown parameter' },
      { parameter: 'prototype.x', message: 'Unknown parameter' },
    ]);
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
    expect(Object.keys(tree)).toEqual(['constructor', '__proto__', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(tree, '__proto__')?.value).toEqual({ __errors: ['Unknown parameter'] });
    expect((Object as unknown as Record<string, unknown>).__errors).toBeUndefined();
    expect(({} as Record<string, unknown>).__errors).toBeUndefined();
  });
});
