import { describe, expect, it } from 'vitest';
import { parseHash, toolHref } from './router';

describe('hash routes', () => {
  it('parses the catalog, tool and shared-argument routes', () => {
    expect(parseHash('')).toEqual({ page: 'catalog' });
    expect(parseHash('#/')).toEqual({ page: 'catalog' });
    expect(parseHash('#/tools/read_file')).toEqual({ page: 'tool', name: 'read_file' });
    expect(parseHash('#/tools/read_file?args=zAbC-_')).toEqual({ page: 'tool', name: 'read_file', sharedArguments: 'zAbC-_' });
    expect(parseHash('#/nowhere').page).toBe('not-found');
  });

  it('builds links that parse back', () => {
    expect(parseHash(toolHref('git_commit', 'zXY'))).toEqual({ page: 'tool', name: 'git_commit', sharedArguments: 'zXY' });
  });
});
