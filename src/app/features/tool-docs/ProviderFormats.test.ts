import { describe, expect, it } from 'vitest';
import { formatBlockLabel } from './ProviderFormats';

describe('formatBlockLabel', () => {
  it('names what the block holds, without doubling "definition"', () => {
    expect(formatBlockLabel('plain', 'Plain definition')).toBe('Plain definition');
    expect(formatBlockLabel('anthropic', 'Anthropic Messages')).toBe('Anthropic Messages definition');
    expect(formatBlockLabel('mcp', 'Model Context Protocol')).toBe('Model Context Protocol tools/list entry');
  });
});
