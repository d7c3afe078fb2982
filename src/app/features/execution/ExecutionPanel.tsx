import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { riskInfo } from '../../../core/toolset/risk';
import type { JsonValue, RiskLevel, ToolDefinition } from '../../../core/toolset/types';
import type { ProgressReport } from '../../../core/runtime/types';
import { RiskBadge } from '../../components/RiskBadge';
import type { ExecutionRecord, RuntimeClient } from '../../worker/client';
import { HistoryPanel } from './HistoryPanel';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import type { Toolsets } from '../../services/toolsets';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import type { CallTarget } from '../../worker/protocol';
import {
  useExplorerState,
  useRuntimeState,
  usePendingDialogs,
  useRuntimeLoading,
} from '../../services/runtime/useRuntimeState';
import { usePage } from '../../lib/page';
import { progressParts } from './progress';
import { NoCodeSentence } from './ExecutePlaceholder';
import { CHECKING_ARGUMENTS, RUNS_IN_WORKSPACE } from './panelText';
import { elapsedMs, pauseClock, resumeClock, startClock, type RunClock } from './runClock';
import { dropRunFragment, openedToRun } from '../../lib/runOnArrival';

// Shown only once there is something to show (a result, a question from a running call, an imported tool's mock):
// loaded then, not with the page. The result view starts loading as a call starts.
const loadResultView = () => import('./result/ResultView');
// The runtime's client and the worker's protocol (6 KB gzip), asked for once the editor is drawn or a call starts, so a
// tool page's first load does not wait for them. They come with the runtime's dialogs, which a call may open: a chunk
// of its own for the client moved shared code into a new chunk that added 259 bytes (gzip) to the catalog's first load.
const loadRuntimeClient = () => import('./RuntimeDialogs').then((module) => module.runtimeClient);
const ResultView = lazy(() => loadResultView().then((module) => ({ default: module.ResultView })));
const RuntimeDialogs = lazy(() => import('./RuntimeDialogs').then((module) => ({ default: module.RuntimeDialogs })));
const MockEditor = lazy(() => import('./MockEditor').then((module) => ({ default: module.MockEditor })));
// The workspace's files, once asked for: an embed has no header to open them from, so the panel hosts them too.
const WorkspaceDrawer = lazy(() =>
  import('./WorkspaceExplorer').then((module) => ({ default: module.WorkspaceDrawer })),
);
const loadingPart = (
  <p className="muted" role="status">
    <span className="spinner" aria-hidden="true" /> Loading…
  </p>
);

export interface ExecutionPanelProps {
  toolsetId: string;
  tool: ToolDefinition;
  /** The playground's current arguments (the last text that parsed). */
  args: Record<string, unknown>;
  /** Whether those arguments pass validation; Execute is enabled only then. */
  valid: boolean;
  /** A text still being checked (a large one, or an imported tool's): not "fix the arguments", only not yet. */
  checking?: boolean;
  /** Put arguments back into the playground (history → "Load"). */
  onLoadArguments?: (args: JsonValue) => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Execute the playground's arguments in the runtime worker and show the result. */
/** Where a call goes: a bundled toolset's handlers, or an imported tool's mock. */
function callTarget(toolsets: Toolsets, toolsetId: string, tool: ToolDefinition): CallTarget {
  const entry = toolsets.find(toolsetId);
  const mock = entry?.record?.mocks[tool.name];
  if (entry?.origin === 'imported' && mock) return { toolset: toolsetId, imported: { definition: tool, mock } };
  return { toolset: toolsetId };
}

/** One call in flight: waiting for a slot (the runtime runs three at once) or running, with its progress. */
interface Run extends RunClock {
  id: string;
  queued: { position: number; limit: number } | null;
  progress: ProgressReport | null;
}

/** A progress report as a line: message, items, percent, time left, and what it is doing. */
function ProgressText({ report }: { report: ProgressReport }) {
  const parts = progressParts(report);
  return (
    <span className="exec-progress" data-testid="execution-progress">
      {parts.message}
      {parts.items ? <span className="exec-progress-items"> · {parts.items}</span> : null}
      {parts.percent ? <span> · {parts.percent}</span> : null}
      {parts.remaining ? <span className="exec-progress-eta"> · {parts.remaining}</span> : null}
      {parts.operation ? <span className="exec-progress-operation muted"> · {parts.operation}</span> : null}
    </span>
  );
}

export function ExecutionPanel({
  toolsetId,
  tool,
  args,
  valid,
  checking = false,
  onLoadArguments,
}: ExecutionPanelProps) {
  const page = usePage();
  const toolsets = useToolsetStore();
  const runtime = useRuntimeState();
  const [runs, setRuns] = useState<Run[]>([]);
  const running = runs[0] ?? null;
  const [record, setRecord] = useState<ExecutionRecord | null>(null);
  const [lastProgress, setLastProgress] = useState<ProgressReport | null>(null);
  const [now, setNow] = useState(Date.now());
  const [preview, setPreview] = useState<{ summary: string; risk: RiskLevel } | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const loadingMessage = useRuntimeLoading();
  const dialogs = usePendingDialogs();
  const explorerOpen = useExplorerState().open;
  // Once per change of the arguments, not per render: the page renders on every key typed, and arguments can be megabytes.
  const argsKey = useMemo(() => JSON.stringify(args), [args]);

  // The summary line and effective risk of the call as it stands, asked of the runtime (debounced).
  useEffect(() => {
    if (!valid) {
      setPreview(null);
      return;
    }
    let cancelled = false;
    // Asking starts the runtime: on a page that opens with an editor, not before it is drawn (editorSettled.ts).
    const timer = window.setTimeout(() => {
      page.editor.after(() => {
        if (cancelled) return;
        loadRuntimeClient()
          .then((runtimeClient) =>
            runtimeClient(runtime).request('describe', {
              tool: tool.name,
              args: JSON.parse(argsKey) as Record<string, unknown>,
              ...callTarget(toolsets, toolsetId, tool),
            }),
          )
          .then(
            (described) => {
              if (!cancelled) setPreview(described);
            },
            () => {
              if (!cancelled) setPreview(null);
            },
          );
      });
    }, 250);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [toolsetId, tool, argsKey, valid, page.editor, runtime, toolsets]);

  // The running time stops while a dialog waits for an answer (an approval is the person's time, not the call's).
  const waitingForAnswer = dialogs.length > 0;
  useEffect(() => {
    const at = Date.now();
    setRuns((current) => current.map((run) => (waitingForAnswer ? pauseClock(run, at) : resumeClock(run, at))));
  }, [waitingForAnswer]);

  const anyRunning = runs.length > 0;
  useEffect(() => {
    if (!anyRunning) return;
    const timer = window.setInterval(() => setNow(Date.now()), 200);
    return () => window.clearInterval(timer);
  }, [anyRunning]);

  const execute = useCallback(
    (
      callArgs: Record<string, unknown> = JSON.parse(argsKey) as Record<string, unknown>,
      callTool: ToolDefinition = tool,
      callToolset: string = toolsetId,
    ) => {
      const start = (client: RuntimeClient) => {
        const update = (id: string, change: Partial<Run>) =>
          setRuns((current) => current.map((run) => (run.id === id ? { ...run, ...change } : run)));
        let lastReport: ProgressReport | null = null;
        const handle = client.execute(callTool, callArgs, {
          onProgress: (report) => {
            lastReport = report;
            update(handle.id, { progress: report });
          },
          // Its time runs from when it leaves the queue.
          onQueued: (queued) => update(handle.id, queued ? { queued } : { queued: null, ...startClock(Date.now()) }),
          ...callTarget(toolsets, callToolset, callTool),
        });
        setNow(Date.now());
        setRuns((current) => [...current, { id: handle.id, ...startClock(Date.now()), queued: null, progress: null }]);
        void handle.done.then((finished) => {
          setRecord(finished);
          setLastProgress(lastReport);
          setRuns((current) => current.filter((run) => run.id !== handle.id));
        });
      };
      void loadResultView().catch(() => undefined);
      setLoadFailure(null);
      loadRuntimeClient().then(
        (runtimeClient) => start(runtimeClient(runtime)),
        (error: unknown) =>
          setLoadFailure(
            `Not run: the runtime's code could not be loaded (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`,
          ),
      );
    },
    [argsKey, runtime, tool, toolsetId, toolsets],
  );

  useToolsets();
  const entry = toolsets.find(toolsetId);
  const imported = entry?.origin === 'imported';
  const mock = entry?.record?.mocks[tool.name];
  // A built site's tool with neither code nor a mock: Execute checks the arguments and answers that it runs nothing.
  const noCode = toolsets.hasNoCode(toolsetId, tool.name);
  // A call may start while others run: the runtime runs three at once and queues the rest.
  const canExecute = valid && (!imported || mock !== undefined);
  const executeRef = useRef(execute);
  executeRef.current = execute;
  const canExecuteRef = useRef(canExecute);
  canExecuteRef.current = canExecute;

  // Ctrl/Cmd+Enter anywhere on the page, the editor included (capture phase, before Monaco sees it).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      event.stopPropagation();
      if (canExecuteRef.current) executeRef.current();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

  // Opened as `…/tools/read_file/#run`: the call runs once, with the arguments the page opens with, as soon as they are
  // checked and the runtime can take it (after the editor is drawn, as every call), and its result is brought into
  // view. The fragment leaves the address at once, so a reload does not run it again. A tool that needs approval is
  // not run from a link, and arguments that do not pass are left for the reader to fix.
  const runOnArrival = useRef(openedToRun());
  const revealResult = useRef(false);
  useEffect(() => {
    if (!runOnArrival.current) return;
    dropRunFragment();
    if (checking) return;
    runOnArrival.current = false;
    if (!canExecute || (!noCode && riskInfo(tool.riskLevel).requiresApproval)) return;
    page.editor.after(() => {
      revealResult.current = true;
      executeRef.current();
    });
  }, [checking, canExecute, noCode, tool.riskLevel, page.editor]);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!record || !revealResult.current || !resultRef.current) return;
    revealResult.current = false;
    page.scroller.scrollTo(resultRef.current);
  }, [record, page.scroller]);

  // A call that runs nothing risks nothing (the runtime says so too, once asked): it asks for no approval.
  const risk = preview?.risk ?? (noCode ? 'safe' : tool.riskLevel);
  const needsApproval = riskInfo(risk).requiresApproval;

  return (
    <div className="exec-panel" data-testid="execution-panel">
      {dialogs.length > 0 ? (
        <Suspense fallback={null}>
          <RuntimeDialogs />
        </Suspense>
      ) : null}
      {explorerOpen ? (
        <Suspense fallback={null}>
          <WorkspaceDrawer />
        </Suspense>
      ) : null}
      <div className="exec-panel-head">
        <h2 id="execute-title" className="exec-title">
          Execute
        </h2>
        {/* A call that runs nothing has nothing to do with the workspace. */}
        {noCode ? null : (
          <button type="button" className="button button-small" onClick={() => runtime.openExplorer()}>
            Workspace files
          </button>
        )}
      </div>
      <p className="exec-intro muted" data-testid="execution-intro">
        {imported ? (
          'An imported tool has no code here: Execute checks the arguments, then answers with the mock result saved below.'
        ) : noCode ? (
          <NoCodeSentence name={tool.name} />
        ) : (
          RUNS_IN_WORKSPACE
        )}
      </p>
      {imported ? (
        <Suspense fallback={loadingPart}>
          <MockEditor key={`${toolsetId}/${tool.name}`} toolsetId={toolsetId} tool={tool} mock={mock} />
        </Suspense>
      ) : null}
      <div className="exec-summary-line" aria-live="polite">
        <RiskBadge level={risk} />
        <span className="exec-summary" data-testid="execution-summary">
          {checking
            ? CHECKING_ARGUMENTS
            : !valid
              ? 'Fix the arguments to execute'
              : imported && !mock
                ? 'Save a mock result to execute this imported tool'
                : (preview?.summary ?? `Execute ${tool.name}`)}
        </span>
        {valid && needsApproval ? <span className="exec-approval-note">needs approval</span> : null}
      </div>
      <div className="exec-actions">
        <button
          type="button"
          className="button button-primary exec-run"
          onClick={() => execute()}
          disabled={!canExecute}
          aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}
          title={valid ? undefined : 'The arguments are not valid yet'}
        >
          <span aria-hidden="true">▶</span> {anyRunning ? 'Execute again' : 'Execute'}{' '}
          <kbd aria-hidden="true">{isMac ? '⌘' : 'Ctrl'} ↵</kbd>
        </button>
      </div>
      {loadFailure ? (
        <p className="field-error" role="alert">
          {loadFailure}
        </p>
      ) : null}
      {runs.length > 0 ? (
        <ul className="exec-runs" aria-label="Calls in progress">
          {runs.map((run, index) => (
            <li
              key={run.id}
              className={`exec-run-row${run.queued ? ' exec-queued' : ''}`}
              data-testid={run.queued ? 'execution-queued' : 'execution-running'}
            >
              <button
                type="button"
                className="button button-danger button-small exec-stop"
                onClick={() => runtime.client?.cancel(run.id)}
              >
                <span aria-hidden="true">■</span> Stop
              </button>
              <span className="exec-running" role="status">
                {runs.length > 1 ? <span className="muted">#{index + 1} </span> : null}
                {run.queued ? (
                  <>
                    <span className="exec-queued-badge">Queued</span> waiting for a free slot ({run.queued.limit} calls
                    run at once
                    {run.queued.position > 1 ? `; ${run.queued.position - 1} ahead of it` : '; next'})
                  </>
                ) : (
                  <>
                    <span className="spinner" aria-hidden="true" />{' '}
                    {loadingMessage && index === 0 ? (
                      loadingMessage
                    ) : run.progress ? (
                      <ProgressText report={run.progress} />
                    ) : (
                      'Running…'
                    )}{' '}
                    <span className="muted" data-testid="run-time">
                      {(elapsedMs(run, now) / 1000).toFixed(1)} s
                    </span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {running && loadingMessage ? (
        <div className="exec-loading" role="status" data-testid="python-loading">
          <span className="spinner" aria-hidden="true" /> {loadingMessage}
        </div>
      ) : null}
      {record ? (
        <div className="exec-last" data-testid="execution-result" ref={resultRef}>
          {record.killed ? (
            <p className="exec-killed" role="status">
              {record.killed === 'timeout'
                ? 'The call did not finish in time: its worker was stopped and restarted from the last saved workspace.'
                : 'The call did not stop when asked: its worker was stopped and restarted from the last saved workspace.'}
            </p>
          ) : null}
          <p className="exec-record-summary">
            <code>{record.tool}</code> · {record.summary}
          </p>
          {lastProgress ? (
            <p className="exec-progress-final muted">
              Last progress: <ProgressText report={lastProgress} />
            </p>
          ) : null}
          <Suspense fallback={loadingPart}>
            <ResultView result={record.result} tool={record.tool} />
          </Suspense>
        </div>
      ) : null}
      <HistoryPanel
        currentToolset={toolsetId}
        currentTool={tool.name}
        onLoadArguments={onLoadArguments}
        onRerun={(entry) => {
          const entryToolset = entry.toolset ?? DEFAULT_TOOLSET_ID;
          if (entryToolset === toolsetId && entry.tool === tool.name) execute(entry.args, tool, entryToolset);
          // Another tool's definition is loaded first (a bundled tool's comes as a module of its own).
          else
            void toolsets
              .loadTool(entryToolset, entry.tool)
              .then((found) => found && execute(entry.args, found.tool, entryToolset));
        }}
        rerunDisabled={false}
      />
    </div>
  );
}
