import { beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./editorSettled');
let module: Module;

beforeEach(async () => {
  vi.resetModules();
  module = await import('./editorSettled');
});

describe('work put off until the page\'s editor is drawn', () => {
  it('runs at once on a page that expects no editor', () => {
    const ran: string[] = [];
    module.afterEditor(() => ran.push('runtime'));
    expect(ran).toEqual(['runtime']);
  });

  it('waits for the editor on a page that expects one, then runs each task once, in order', () => {
    const ran: string[] = [];
    module.expectEditor(() => undefined);
    module.afterEditor(() => ran.push('runtime'));
    module.afterEditor(() => ran.push('tree'));
    expect(ran).toEqual([]);
    module.editorSettled();
    expect(ran).toEqual(['runtime', 'tree']);
    module.editorSettled();
    module.afterEditor(() => ran.push('later'));
    expect(ran).toEqual(['runtime', 'tree', 'later']);
  });

  it('does not wait for an editor that never says it is drawn', () => {
    const timers: { run: () => void; ms: number }[] = [];
    const ran: string[] = [];
    module.expectEditor((run, ms) => timers.push({ run, ms }));
    module.afterEditor(() => ran.push('runtime'));
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThan(0);
    timers[0]!.run();
    expect(ran).toEqual(['runtime']);
  });
});
