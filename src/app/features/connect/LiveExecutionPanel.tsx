/**
 * Execute on a live tool's page: `tools/call` to the server after our validation (or, with the switch, arguments
 * the validator refuses, to see how the server handles bad input); progress as it comes; Stop sends
 * notifications/cancelled; the result with its output-schema verdict.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { McpFailure } from '../../../core/mcp/client';
import type { ReadResult } from '../../../core/mcp/results';
import type { ToolDefinition } from '../../../core/toolset/types';
import { SITE_BASE } from '../../lib/hrefs';
import { useConnection, useLiveConnections } from '../../services/connections/useConnections';
import { McpResultView } from './McpResultView';
import { prepareResultReader, readResultElsewhere } from './readResultElsewhere';
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
  /**
   * Where a tool's own interface is mounted (an MCP App: a tool whose definition names a `ui://` resource): called
   * with each completed call, drawn above the result; nothing is drawn when it returns null or is absent.
   */
  appView?: (call: LiveToolCall) => ReactNode;
}

/** A completed `tools/call` of a live tool, as an app view receives it. */
export interface LiveToolCall {
  /** The server's URL: the connection the app's own requests go through. */
  url: string;
  tool: ToolDefinition;
  args: Record<string, unknown>;
  /** The result as the server sent it. */
  result: CallToolResult;
}

/** The Execute button and the note beside it, from what the page knows of the arguments and the connection. */
export function executeButton(state: { connected: boolean; running: boolean; valid: boolean; sendAnyway: boolean; checking: boolean; parses: boolean }): {
  enabled: boolean;
  label: string;
  note: string | null;
} {
  const { connected, running, valid, sendAnyway, checking, parses } = state;
  return {
    enabled: connected && !running && !checking && parses && (valid || sendAnyway),
    label: running ? 'Running…' : checking ? 'Checking the arguments…' : valid ? 'Execute' : 'Execute anyway',
    note: !parses ? 'The arguments are not JSON: fix the text to send it.' : !checking && !valid && !sendAnyway ? 'The arguments do not pass validation.' : null,
  };
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

export function LiveExecutionPanel({ url, tool, args, valid, current, appView }: LiveExecutionPanelProps) {
  const live = useLiveConnections();
  const id = useId();
  const connection = useConnection(url);
  const [sendAnyway, setSendAnyway] = useState(false);
  const [running, setRunning] = useState<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<{ read: ReadResult; sentInvalid: boolean; call: LiveToolCall } | null>(null);
  const [failure, setFailure] = useState<McpFailure | null>(null);
  const [notSaved, setNotSaved] = useState(false);
  const active = useRef(true);

  useEffect(() => {
    active.current = true;
    prepareResultReader();
    void live.ensureConnected(url).then((found) => active.current && !found && setNotSaved(true));
    return () => {
      active.current = false;
    };
  }, [live, url]);

  const connected = connection?.status === 'connected';
  const button = executeButton({ connected, running: running !== null, valid, sendAnyway, ...current });

  const execute = async () => {
    const controller = new AbortController();
    setRunning(controller);
    setProgress(null);
    setFailure(null);
    setResult(null);
    const sentInvalid = !valid;
    const outcome = await live.callTool(url, tool.name, args, { signal: controller.signal, onProgress: (next) => active.current && setProgress(next) });
    if (!active.current) return;
    if (outcome.ok) {
      try {
        setResult({ read: await readResultElsewhere(outcome.value, tool), sentInvalid, call: { url, tool, args, result: outcome.value } });
      } catch (error) {
        setFailure({ kind: 'protocol', message: `The result could not be read: ${error instanceof Error ? error.message : String(error)}` });
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
          {connection?.status === 'connected' ? 'Connected' : connection?.status === 'connecting' ? 'Connecting…' : 'Not connected'}
        </span>{' '}
        · <a href={`${SITE_BASE}connect/`}>connection, pin and protocol log</a>
      </p>
      {connection?.status === 'failed' && connection.failure ? (
        <p className="field-error" role="alert">
          {connection.failure.message}
        </p>
      ) : null}
      {notSaved && !connection ? (
        <p className="muted">This server is not among the saved connections: connect it on the Connect page.</p>
      ) : null}
      <label className="mcp-check">
        <input type="checkbox" checked={sendAnyway} onChange={(event) => setSendAnyway(event.target.checked)} /> Send even if invalid (see how the server handles arguments our validator refuses)
      </label>
      <div className="mcp-buttons">
        <button type="button" className="button button-primary" disabled={!button.enabled} onClick={() => void execute()}>
          {button.label}
        </button>
        {running ? (
          <button type="button" className="button button-danger" onClick={() => running.abort()}>
            Stop
          </button>
        ) : null}
        {button.note ? <span className="muted small">{button.note}</span> : null}
      </div>
      {running && progress ? <ProgressLine progress={progress} /> : null}
      {failure ? (
        <p className={failure.kind === 'cancelled' ? 'mcp-cancelled' : 'field-error'} role="alert" data-testid="live-failure">
          {failure.message}
        </p>
      ) : null}
      {result ? (
        <>
          {result.sentInvalid ? <p className="muted small">Sent with arguments our validator refuses.</p> : null}
          {appView ? appView(result.call) : null}
          <McpResultView result={result.read} />
        </>
      ) : null}
    </section>
  );
}
