import { describe, expect, it } from 'vitest';
import { autoApproves } from './approval';

describe('approval without asking', () => {
  it('approves up to the chosen level, never a critical call, and nothing under none', () => {
    expect(autoApproves('medium', 'medium')).toBe(true);
    expect(autoApproves('medium', 'low')).toBe(true);
    expect(autoApproves('medium', 'high')).toBe(false);
    expect(autoApproves('high', 'high')).toBe(true);
    expect(autoApproves('high', 'critical')).toBe(false);
    expect(autoApproves('none', 'medium')).toBe(false);
    expect(autoApproves('none', 'safe')).toBe(false);
  });
});
