/** `mcp call --task`: the call run as a task, a status line per change, Ctrl-C sending tasks/cancel. */
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { McpOutcome } from '../../../core/mcp/client';
import { taskLine, taskSupportOf } from '../../../core/mcp/tasks';
import { TASKS_EXTENSION } from '../../../core/mcp/task-support';
import type { LiveSession } from './live';
import type { McpArgs } from './target';

export interface CallIo {
  /** Where status lines go as they come (standard error by default). */
  print?: (line: string) => void;
  /** Calls back on Ctrl-C while a task runs; returns what stops listening. */
  onInterrupt?: (handler: () => void) => () => void;
}

export type TaskPlan = { asTask: false } | { asTask: true; ttlMs?: number; note?: string } | { error: string };

/**
 * Whether the call runs as a task: asked with --task, or a tool that runs only as one (2025-11-25 tasks). In the
 * 2026-07-28 era, --task declares the tasks extension on the call and the server decides.
 */
export function planTask(session: LiveSession, name: string, args: McpArgs): TaskPlan {
  const tool: Tool | undefined = session.tools.find((candidate) => candidate.name === name);
  const support = taskSupportOf(tool, session.connection.capabilities);
  const asked = args.flags.has('task');
  const ttl = args.flags.get('ttl');
  const ttlMs = typeof ttl === 'string' ? Number(ttl) : undefined;
  if (ttl !== undefined && !(Number.isInteger(ttlMs) && ttlMs! > 0))
    return { error: `--ttl: expected milliseconds > 0 (an integer), got '${String(ttl)}'` };
  const modern = session.connection.era === 'modern';
  if (asked && !support) {
    if (modern)
      return {
        error: `--task: the server does not declare the tasks extension (capabilities.extensions['${TASKS_EXTENSION}']), so no tool of it runs as a task`,
      };
    const declared = tool?.execution?.taskSupport ?? 'not declared';
    const served = session.connection.capabilities.tasks?.requests?.tools?.call
      ? ''
      : '; the server declares no task-augmented tools/call (capabilities.tasks.requests.tools.call)';
    return { error: `--task: '${name}' does not run as a task (its execution.taskSupport is ${declared}${served})` };
  }
  if (asked && modern && ttl !== undefined)
    return { error: '--ttl: a server of the tasks extension chooses the ttl itself; it takes none from the client' };
  if (!asked && support !== 'required')
    return ttl !== undefined ? { error: '--ttl: applies only with --task' } : { asTask: false };
  return {
    asTask: true,
    ...(ttlMs !== undefined ? { ttlMs } : {}),
    ...(!asked ? { note: `'${name}' runs only as a task (execution.taskSupport: required), so it ran as one.` } : {}),
  };
}

export async function callAsTask(
  session: LiveSession,
  name: string,
  value: unknown,
  ttlMs: number | undefined,
  io: CallIo,
): Promise<McpOutcome<CallToolResult>> {
  const print = io.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  const controller = new AbortController();
  const stop = io.onInterrupt?.(() => {
    print('Cancelling the task (tasks/cancel)…');
    controller.abort();
  });
  try {
    const run = await session.connection.callToolAsTask(name, value, {
      signal: controller.signal,
      ...(ttlMs !== undefined ? { ttlMs } : {}),
      onStatus: (state) => print(taskLine(state, Date.now())),
    });
    if (run.ok && run.value.task === null) print(`The server answered the call at once; it made no task of it.`);
    return run.ok ? { ok: true, value: run.value.result } : run;
  } finally {
    stop?.();
  }
}
