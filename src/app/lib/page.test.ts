import { describe, expect, it } from 'vitest';
import { createPage } from './page';

describe('a page part', () => {
  it('is made once for a page, when first asked for, and two pages share nothing', () => {
    let made = 0;
    const createCounter = () => ({ serial: ++made });
    const first = createPage();
    expect(made).toBe(0);
    const kept = first.part(createCounter);
    expect(first.part(createCounter)).toBe(kept);
    expect(made).toBe(1);
    const second = createPage();
    expect(second.part(createCounter)).not.toBe(kept);
    expect(made).toBe(2);
  });
});
