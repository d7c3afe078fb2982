import { describe, expect, it } from 'vitest';
import { invalidOptionLabel } from './widgets';

describe('invalidOptionLabel', () => {
  it('shows the value as JSON, shortened when long', () => {
    expect(invalidOptionLabel('yes')).toBe('"yes" (invalid)');
    expect(invalidOptionLabel(3)).toBe('3 (invalid)');
    expect(invalidOptionLabel('x'.repeat(100))).toMatch(/^"x{38}… \(invalid\)$/);
  });
});
