/** A task's status while it runs: the status the server reports, its message, the time elapsed and the expiry. */
import { useEffect, useState } from 'react';
import { spanText, type TaskState } from '../../../core/mcp/task-support';

const STATUS_TEXT: Record<TaskState['status'], string> = {
  working: 'Working',
  input_required: 'Waiting for input',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function TaskStatusLine({ task, running }: { task: TaskState; running: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  // Elapsed and expiry move on by the second while the task runs; a finished task's line stands still.
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const expiry =
    task.expiresAt === undefined
      ? 'kept without a time limit'
      : task.expiresAt > now
        ? `expires in ${spanText(task.expiresAt - now)}`
        : 'past its expiry';
  return (
    <div className="mcp-progress mcp-task" data-testid="task-status" role="status">
      {running ? <progress aria-label="Task running" /> : null}
      <span>
        <strong data-testid="task-state">{STATUS_TEXT[task.status]}</strong>
        {task.message ? ` — ${task.message}` : ''}
      </span>
      <span className="muted small">
        {spanText(Math.max(0, now - task.startedAt))} elapsed · {expiry} · task <code>{task.taskId}</code>
      </span>
    </div>
  );
}
