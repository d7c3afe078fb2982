/**
 * A call's watchdog: the time the call may run, counted only while nothing pauses it (a queue, an
 * open dialog, a runtime loading), the moment it expires, and the record the call ends with.
 */
import type { ProgressReport, ToolResult } from '../../core/runtime/types';
import type { ExecutionRecord } from './client-types';

/** A call in flight: what its record will say, and its watchdog's state. */
export interface PendingCall extends Pick<
  ExecutionRecord,
  'id' | 'toolset' | 'tool' | 'args' | 'summary' | 'risk' | 'startedAt'
> {
  timeoutMs: number;
  /** The caller fixed the timeout: the runtime's own figure does not replace it. */
  timeoutFixed: boolean;
  /** Watchdog budget left; it only runs while nothing pauses it. */
  remainingMs: number;
  runningSince: number | null;
  timer: ReturnType<typeof setTimeout> | null;
  cancelTimer: ReturnType<typeof setTimeout> | null;
  /** Open dialogs and loading runtimes: time spent waiting on them is not the tool's time. */
  pauses: Set<string>;
  /** The arguments as edited in the approval dialog, when they were: what the call runs with. */
  approvedArgs?: Record<string, unknown>;
  onProgress?: (report: ProgressReport) => void;
  onQueued?: (queued: { position: number; limit: number } | null) => void;
  resolve(record: ExecutionRecord): void;
}

/** The record a call ends with: what it was, its result, and whether the watchdog ended it. */
export function callRecord(
  call: PendingCall,
  result: ToolResult,
  filesChanged: boolean,
  killed?: 'timeout' | 'cancel',
): ExecutionRecord {
  return {
    id: call.id,
    ...(call.toolset !== undefined ? { toolset: call.toolset } : {}),
    tool: call.tool,
    args: call.args,
    summary: call.summary,
    risk: call.risk,
    result,
    startedAt: call.startedAt,
    finishedAt: Date.now(),
    filesChanged,
    ...(killed ? { killed } : {}),
  };
}

/** Stop counting the call's time while `reason` holds. */
export function pauseWatchdog(call: PendingCall, reason: string): void {
  call.pauses.add(reason);
  if (call.timer) {
    clearTimeout(call.timer);
    call.timer = null;
  }
  if (call.runningSince !== null) {
    call.remainingMs -= Date.now() - call.runningSince;
    call.runningSince = null;
  }
}

/** Count the call's time again, if nothing else pauses it; `expire` runs when the time left is spent. */
export function resumeWatchdog(call: PendingCall, expire: (call: PendingCall) => void): void {
  if (call.pauses.size > 0 || call.timer) return;
  call.runningSince = Date.now();
  call.timer = setTimeout(() => expire(call), Math.max(0, call.remainingMs));
}

/**
 * The runtime started the call: its time limit, `timeoutMs`, counts from now. The time before (the runtime's own
 * start, the workspace loading, the arguments described) is not the tool's: a tool's own clock (the shell's, whose
 * loops stop at the limit keeping what they printed) starts with it, and the watchdog must not stop the worker
 * before that clock has had its say.
 */
export function restartWatchdog(
  call: PendingCall,
  timeoutMs: number,
  graceMs: number,
  expire: (call: PendingCall) => void,
): void {
  const paused = call.pauses.size > 0;
  pauseWatchdog(call, 'restart');
  call.remainingMs = timeoutMs + graceMs;
  call.timeoutMs = timeoutMs;
  call.pauses.delete('restart');
  if (!paused) resumeWatchdog(call, expire);
}
