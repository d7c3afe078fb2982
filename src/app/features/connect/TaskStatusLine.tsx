/**
 * A task's status while it runs: the status the server reports, its message, the time elapsed since the call was
 * sent (on this machine's clock), the expiry, and how the status reaches this page (pushed, or polled).
 */
import { useEffect, useState } from 'react';
import { spanText, taskTimes, type TaskState } from '../../../core/mcp/task-support';

const STATUS_TEXT: Record<TaskState['status'], string> = {
  working: 'Working',
  input_required: 'Waiting for input',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * The moment the line speaks of: while the task runs, the later of the last tick and the last status seen (a status
 * that comes between two ticks is not shown with an older time); once it ended, when its last status was seen.
 */
function taskMoment(task: TaskState, running: boolean, tick: number): number {
  return running ? Math.max(tick, task.seenAt) : task.seenAt;
}

function followedText(task: TaskState): string | undefined {
  if (task.followedBy === 'notifications') return 'status pushed by the server';
  if (task.followedBy === 'polling') return `status polled every ${spanText(task.pollIntervalMs)}`;
  return undefined;
}

export function TaskStatusLine({ task, running }: { task: TaskState; running: boolean }) {
  const [tick, setTick] = useState(() => Date.now());
  // Elapsed and expiry move on by the second while the task runs; a finished task's line stands still.
  useEffect(() => {
    if (!running) return;
    setTick(Date.now());
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const { elapsed, expiry } = taskTimes(task, taskMoment(task, running, tick));
  const followed = followedText(task);
  return (
    <div className="mcp-progress mcp-task" data-testid="task-status" role="status">
      {running ? <progress aria-label="Task running" /> : null}
      <span>
        <strong data-testid="task-state">{STATUS_TEXT[task.status]}</strong>
        {task.message ? ` — ${task.message}` : ''}
      </span>
      <span className="muted small">
        <span data-testid="task-elapsed">{elapsed}</span> · {expiry} · task <code>{task.taskId}</code>
        {followed ? <span data-testid="task-followed"> · {followed}</span> : null}
      </span>
    </div>
  );
}
