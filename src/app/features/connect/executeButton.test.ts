import { describe, expect, it } from 'vitest';
import { executeButton } from './LiveExecutionPanel';

const ready = { connected: true, running: false, valid: true, sendAnyway: false, checking: false, parses: true };

describe('the Execute button of a live tool', () => {
  it('runs valid arguments, and refused ones only with the switch', () => {
    expect(executeButton(ready)).toEqual({ enabled: true, label: 'Execute', note: null });
    expect(executeButton({ ...ready, valid: false })).toEqual({
      enabled: false,
      label: 'Execute anyway',
      note: 'The arguments do not pass validation.',
    });
    expect(executeButton({ ...ready, valid: false, sendAnyway: true })).toEqual({
      enabled: true,
      label: 'Execute anyway',
      note: null,
    });
  });

  it('waits while the text is being checked: the arguments it holds are of an earlier text, even with the switch on', () => {
    const checking = executeButton({ ...ready, valid: false, sendAnyway: true, checking: true });
    expect(checking.enabled).toBe(false);
    expect(checking.label).toBe('Checking the arguments…');
    expect(checking.note).toBeNull();
  });

  it('sends nothing while the text is not JSON, with the switch on too (the last good value is not what is on screen)', () => {
    expect(executeButton({ ...ready, valid: false, sendAnyway: true, parses: false })).toEqual({
      enabled: false,
      label: 'Execute anyway',
      note: 'The arguments are not JSON: fix the text to send it.',
    });
  });

  it('runs nothing while disconnected or while a call runs', () => {
    expect(executeButton({ ...ready, connected: false }).enabled).toBe(false);
    expect(executeButton({ ...ready, running: true })).toMatchObject({ enabled: false, label: 'Running…' });
  });
});
