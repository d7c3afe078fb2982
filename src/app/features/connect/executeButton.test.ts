import { describe, expect, it } from 'vitest';
import { executeButton, taskButtonLabel } from './LiveExecutionPanel';

const ready = { connected: true, running: null, valid: true, sendAnyway: false, checking: false, parses: true };

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
    expect(executeButton({ ...ready, running: 'call' })).toMatchObject({ enabled: false, label: 'Running…' });
  });

  it('while a task runs, only "Run as a task" says it is running: Execute is disabled under its own label', () => {
    const execute = executeButton({ ...ready, running: 'task' });
    expect(execute).toMatchObject({ enabled: false, label: 'Execute' });
    expect(taskButtonLabel(execute, 'task')).toBe('Running as a task…');
    // A plain call running leaves the task button its own label, and disabled with Execute.
    expect(taskButtonLabel(executeButton({ ...ready, running: 'call' }), 'call')).toBe('Run as a task');
    expect(taskButtonLabel(executeButton(ready), null)).toBe('Run as a task');
    expect(taskButtonLabel(executeButton({ ...ready, valid: false, sendAnyway: true }), null)).toBe(
      'Run as a task anyway',
    );
  });
});
