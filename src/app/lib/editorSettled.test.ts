import { beforeEach, describe, expect, it } from 'vitest';
import { createEditorGate, type EditorGate } from './editorSettled';

let gate: EditorGate;

beforeEach(() => {
  gate = createEditorGate();
});

describe("work put off until the page's editor is drawn", () => {
  it('runs at once on a page that expects no editor', () => {
    const ran: string[] = [];
    gate.after(() => ran.push('runtime'));
    expect(ran).toEqual(['runtime']);
  });

  it('waits for the editor on a page that expects one, then runs each task once, in order', () => {
    const ran: string[] = [];
    gate.expect(() => undefined);
    gate.after(() => ran.push('runtime'));
    gate.after(() => ran.push('tree'));
    expect(ran).toEqual([]);
    gate.settled();
    expect(ran).toEqual(['runtime', 'tree']);
    gate.settled();
    gate.after(() => ran.push('later'));
    expect(ran).toEqual(['runtime', 'tree', 'later']);
  });

  it('does not wait for an editor that never says it is drawn', () => {
    const timers: { run: () => void; ms: number }[] = [];
    const ran: string[] = [];
    gate.expect((run, ms) => timers.push({ run, ms }));
    gate.after(() => ran.push('runtime'));
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThan(0);
    timers[0]!.run();
    expect(ran).toEqual(['runtime']);
  });
});
