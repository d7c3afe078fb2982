/**
 * Execute on a live tool's page: `tools/call` to the server after our validation (or, with the switch, arguments
 * the validator refuses, to see how the server handles bad input); progress as it comes; Stop sends
 * notifications/cancelled; the result with its output-schema verdict. A tool the server runs as a task gets "Run as
 * a task": its status while it runs, Cancel sending tasks/cancel, and its result in the same view.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isAppOnly } from '../../../core/mcp/apps/visibility';
import type { McpFailure } from '../../../core/mcp/client';
import { taskSupportOf, type TaskState } from '../../../core/mcp/task-support';
import type { ReadResult } from '../../../core/mcp/results';
import type { ToolDefinition } from '../../../core/toolset/types';
import { SITE_BASE } from '../../lib/hrefs';
import { useConnection, useLiveConnections } from '../../services/connections/useConnections';
import { McpResultView } from './McpResultView';
import { createResultReader } from './readResultElsewhere';
import { usePage } from '../../lib/page';
import { TaskStatusLine } from './TaskStatusLine';
import './connect.css';

export interface LiveExecutionPanelProps {
  url: string;
  tool: ToolDefinition;
  args: Record<string, unknown>;
  valid: boolean;
  /**
   * Whether `args` is what the editor holds now: not while a text is still being checked, nor while it is not JSON
   * (`args` is then of an earlier text, and "send anyway" would send that instead of what is on screen).
   */
  current: { checking: boolean; parses: boolean };
  /** The tool's own interface for a call (MCP Apps), drawn under its result: the page composes it in. */
  renderApp?: (call: LiveCall) => ReactNode;
}

/** A call made from this panel: its arguments, then its result or why there is none. */
export interface LiveCall {
  id: number;
  args: Record<string, unknown>;
  result?: CallToolResult;
  failure?: string;
}

/** What runs from the panel: a plain call, a call run as a task, or nothing. */
export type Running = 'call' | 'task' | null;

/**
 * The Execute button and the note beside it, from what the page knows of the arguments and the connection. Only the
 * button of what runs says so: while a task runs, Execute is disabled under its own label.
 */
export function executeButton(state: {
  connected: boolean;
  running: Running;
  valid: boolean;
  sendAnyway: boolean;
  checking: boolean;
  parses: boolean;
}): {
  enabled: boolean;
  label: string;
  note: string | null;
} {
  const { connected, running, valid, sendAnyway, checking, parses } = state;
  return {
    enabled: connected && running === null && !checking && parses && (valid || sendAnyway),
    label:
      running === 'call' ? 'Running…' : checking ? 'Checking the arguments…' : valid ? 'Execute' : 'Execute anyway',
    note: !parses
      ? 'The arguments are not JSON: fix the text to send it.'
      : !checking && !valid && !sendAnyway
        ? 'The arguments do not pass validation.'
        : null,
  };
}

/** The label of "Run as a task", from the Execute button's and what runs. */
export function taskButtonLabel(execute: { label: string }, running: Running): string {
  if (running === 'task') return 'Running as a task…';
  return execute.label === 'Execute anyway' ? 'Run as a task anyway' : 'Run as a task';
}

type Progress = { progress: number; total?: number; message?: string };

function ProgressLine({ progress }: { progress: Progress }) {
  const percent = progress.total ? Math.min(100, Math.round((progress.progress / progress.total) * 100)) : null;
  return (
    <div className="mcp-progress" data-testid="live-progress" role="status">
      {percent !== null ? <progress max={100} value={percent} /> : null}
      <span>
        {progress.message ?? `progress ${progress.progress}`}
        {progress.total ? ` · ${progress.progress} of ${progress.total}` : ''}
        {percent !== null ? ` · ${percent}%` : ''}
      </span>
    </div>
  );
}

export function LiveExecutionPanel({ url, tool, args, valid, current, renderApp }: LiveExecutionPanelProps) {
  const live = useLiveConnections();
  const reader = usePage().part(createResultReader);
  const id = useId();
  const connection = useConnection(url);
  const [sendAnyway, setSendAnyway] = useState(false);
  const [running, setRunning] = useState<{ controller: AbortController; asTask: boolean } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<{
    read: ReadResult;
    raw: CallToolResult;
    durationMs: number;
    sentInvalid: boolean;
  } | null>(null);
  const [failure, setFailure] = useState<McpFailure | null>(null);
  const [notSaved, setNotSaved] = useState(false);
  const [call, setCall] = useState<LiveCall | null>(null);
  const [task, setTask] = useState<{ state: TaskState; running: boolean } | null>(null);
  const callCount = useRef(0);
  const active = useRef(true);

  useEffect(() => {
    active.current = true;
    reader.prepare();
    void live.ensureConnected(url).then((found) => active.current && !found && setNotSaved(true));
    return () => {
      active.current = false;
    };
  }, [live, reader, url]);

  const connected = connection?.status === 'connected';
  const listed = connection?.tools.find((candidate) => candidate.name === tool.name);
  const runs: Running = running === null ? null : running.asTask ? 'task' : 'call';
  const button = executeButton({ connected, running: runs, valid, sendAnyway, ...current });
  const taskSupport = connection?.capabilities ? taskSupportOf(listed, connection.capabilities) : undefined;

  const execute = async (asTask = false) => {
    const controller = new AbortController();
    setRunning({ controller, asTask });
    setProgress(null);
    setFailure(null);
    setResult(null);
    setTask(null);
    const sentInvalid = !valid;
    const callId = ++callCount.current;
    setCall({ id: callId, args });
    const started = performance.now();
    const outcome = asTask
      ? await live
          .callToolAsTask(url, tool.name, args, {
            signal: controller.signal,
            onStatus: (state) => active.current && setTask({ state, running: true }),
          })
          .then((run) => (run.ok ? { ok: true as const, value: run.value.result } : run))
      : await live.callTool(url, tool.name, args, {
          signal: controller.signal,
          onProgress: (next) => active.current && setProgress(next),
        });
    const durationMs = performance.now() - started;
    if (!active.current) return;
    setTask((shown) => (shown ? { ...shown, running: false } : null));
    setCall({ id: callId, args, ...(outcome.ok ? { result: outcome.value } : { failure: outcome.failure.message }) });
    if (outcome.ok) {
      try {
        setResult({
          read: await reader.read(outcome.value, tool),
          raw: outcome.value,
          durationMs,
          sentInvalid,
        });
      } catch (error) {
        setFailure({
          kind: 'protocol',
          message: `The result could not be read: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    } else setFailure(outcome.failure);
    setRunning(null);
  };

  return (
    <section className="mcp-live-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Execute on the server</h2>
      <p className="muted small">
        Live tool of <strong>{connection?.server?.name ?? 'an MCP server'}</strong> at <code>{url}</code> ·{' '}
        <span className={`mcp-status mcp-status-${connection?.status ?? 'closed'}`} data-testid="live-status">
          {connection?.status === 'connected'
            ? 'Connected'
            : connection?.status === 'connecting'
              ? 'Connecting…'
              : 'Not connected'}
        </span>{' '}
        · <a href={`${SITE_BASE}connect/`}>connection, pin and protocol log</a>
      </p>
      {listed && isAppOnly(listed) ? (
        <p className="mcp-app-only" data-testid="app-only">
          <span className="mcp-kind">app only</span> The server shows this tool to its app only: a model is never
          offered it.
        </p>
      ) : null}
      {connection?.status === 'failed' && connection.failure ? (
        <p className="field-error" role="alert">
          {connection.failure.message}
        </p>
      ) : null}
      {notSaved && !connection ? (
        <p className="muted">This server is not among the saved connections: connect it on the Connect page.</p>
      ) : null}
      <label className="mcp-check">
        <input type="checkbox" checked={sendAnyway} onChange={(event) => setSendAnyway(event.target.checked)} /> Send
        even if invalid (see how the server handles arguments our validator refuses)
      </label>
      <div className="mcp-buttons">
        {taskSupport !== 'required' ? (
          <button
            type="button"
            className="button button-primary"
            disabled={!button.enabled}
            onClick={() => void execute()}
          >
            {button.label}
          </button>
        ) : null}
        {taskSupport ? (
          <button
            type="button"
            className={taskSupport === 'required' ? 'button button-primary' : 'button'}
            disabled={!button.enabled}
            onClick={() => void execute(true)}
            title={
              taskSupport === 'required'
                ? 'The server runs this tool only as a task.'
                : 'The call asks the server for a task: its status is polled until it ends, and Cancel task cancels it on the server.'
            }
          >
            {taskButtonLabel(button, runs)}
          </button>
        ) : null}
        {running ? (
          <button type="button" className="button button-danger" onClick={() => running.controller.abort()}>
            {running.asTask ? 'Cancel task' : 'Stop'}
          </button>
        ) : null}
        {button.note ? <span className="muted small">{button.note}</span> : null}
      </div>
      {running && progress ? <ProgressLine progress={progress} /> : null}
      {task ? <TaskStatusLine task={task.state} running={task.running} /> : null}
      {failure ? (
        <p
          className={failure.kind === 'cancelled' ? 'mcp-cancelled' : 'field-error'}
          role="alert"
          data-testid="live-failure"
        >
          {failure.message}
        </p>
      ) : null}
      {result ? (
        <>
          {result.sentInvalid ? <p className="muted small">Sent with arguments our validator refuses.</p> : null}
          <McpResultView result={result.read} raw={result.raw} durationMs={result.durationMs} tool={tool.name} />
        </>
      ) : null}
      {call && renderApp ? renderApp(call) : null}
    </section>
  );
}
