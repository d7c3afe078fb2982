import { describe, expect, it } from 'vitest';
import { additionalPath, itemsPath, propertyPath } from './parameter-path';

describe('parameter paths', () => {
  it('name a property, an array item and a map value below the arguments object', () => {
    expect(propertyPath('', 'path')).toBe('path');
    expect(propertyPath('options', 'depth')).toBe('options.depth');
    expect(itemsPath('files')).toBe('files[]');
    expect(propertyPath(itemsPath('files'), 'name')).toBe('files[].name');
    expect(additionalPath('env')).toBe('env.*');
  });

  it('name the arguments object’s own map values `*`, with no leading dot', () => {
    expect(additionalPath('')).toBe('*');
    expect(itemsPath('')).toBe('[]');
  });
});
