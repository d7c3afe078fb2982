import { describe, expect, it } from 'vitest';
import { arrayItemLabel } from './templates';

describe('arrayItemLabel', () => {
  it('renames rjsf item titles only', () => {
    expect(arrayItemLabel('arg_files_0', 'files-1')).toBe('files item 1');
    expect(arrayItemLabel('arg_options_9', 'options-10')).toBe('options item 10');
    expect(arrayItemLabel('arg_path', 'path')).toBeNull();
    expect(arrayItemLabel('arg_env_A-1', 'A-1')).toBeNull();
  });
});
