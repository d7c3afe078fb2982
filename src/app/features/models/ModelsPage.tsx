/**
 * The Models page: send a toolset and a prompt to a model, see each call judged as it arrives, run the
 * valid ones with approval, go on. Loaded only when opened; embeds never load it.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RunRecord } from '../../../core/model/agent/trace';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { toolVersions } from '../../../core/toolset/versions';
import { useEarlyActions } from '../../lib/earlyEvents';
import { useValidator } from '../../lib/ValidatorContext';
import { usePage } from '../../lib/page';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { createSchemaChecks } from '../../lib/schemaWorker';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import { HistoryList } from './HistoryList';
import { recordFor, runModel, toolsetOf } from './modelRun';
import { RunBar } from './RunBar';
import { RunView } from './RunView';
import type { CreateExecutor } from './executor';
import { useServices } from '../../services/Services';
import { DEFAULT_SETTINGS, patchSettings, settingsProblems, type RunSettings, type SettingsProblem } from './settings';
import { SettingsForm } from './SettingsForm';
import { liveOf, useLiveRun, useLiveRuns } from './useModelRun';
import { useProviderAccess } from './useProviderAccess';
import { basePolicyProblem } from './basePolicy';
import { scrollBehavior } from '../../lib/motion';
import { CompareForm } from './CompareForm';
import { compareProblems, NO_COMPARE, type CompareSettings } from './compareSettings';
import { SideBySide } from './SideBySide';
import { FieldError } from '../../components/FieldError';
import { notSavedLine } from '../../lib/storageFailure';
import { ModelSample } from './sample/ModelSample';
import { columnPlans, runColumns } from './sideBySideRun';
import { useKeptSettings } from './useKeptSettings';
import '../../components/work-page.css';
import './models.css';

export interface ModelsPageProps {
  /** Runs a model's valid calls in agent mode. */
  createExecutor: CreateExecutor;
  /** The runtime's dialogs (approvals), drawn once a run in agent mode has started. */
  dialogs: ReactNode;
}

export function ModelsPage({ createExecutor, dialogs }: ModelsPageProps) {
  const validator = useValidator();
  const page = usePage();
  const checks = page.part(createSchemaChecks);
  const precompiled = page.part(createPrecompiledLoads);
  const history = useServices().runs;
  const toolsetStore = useToolsetStore();
  const entries = useToolsets();
  // Every toolset: bundled ones judged here, imported (and live) ones in the schema worker (modelRun.ts judgeFor).
  const toolsets = useMemo(
    () =>
      entries.map((entry) => ({
        id: entry.toolset.manifest.id,
        name: `${entry.toolset.manifest.name}${entry.origin === 'bundled' ? '' : ` (${entry.origin})`}`,
        count: entry.toolset.toolNames.length,
      })),
    [entries],
  );
  const [settings, setSettings] = useState<RunSettings>(DEFAULT_SETTINGS);
  const { apiKey, keyControls, models } = useProviderAccess(settings.provider, settings.baseUrl);
  // Kept with its id, so a toolset still loading is never taken for the one chosen.
  const [loaded, setLoaded] = useState<{ id: string; toolset: ToolsetBundle | null } | null>(null);
  const toolset = loaded?.id === settings.toolsetId ? loaded.toolset : null;
  const tools = useMemo(() => toolset?.tools ?? [], [toolset]);
  // The names are in the toolset's entry from the start: the count and the choice of tools do not wait for its schemas.
  const toolNames = useMemo(
    () =>
      toolset
        ? toolset.tools.map((tool) => tool.name)
        : (entries.find((entry) => entry.toolset.manifest.id === settings.toolsetId)?.toolset.toolNames ?? []),
    [toolset, entries, settings.toolsetId],
  );
  const [problems, setProblems] = useState<SettingsProblem[]>([]);
  const [runs, setRuns] = useState<RunRecord[]>([]);
  const [agentUsed, setAgentUsed] = useState(false);
  const { live, onEvent, show, render } = useLiveRun();
  const [compare, setCompare] = useState<CompareSettings>(NO_COMPARE);
  const side = useLiveRuns();
  const [sideLabels, setSideLabels] = useState<string[]>([]);
  const controller = useRef<AbortController | null>(null);
  // What was typed or clicked on the prerendered page before the app took it over happens now, once.
  const pageRoot = useRef<HTMLDivElement>(null);
  useEarlyActions(pageRoot);

  const [runsNotSaved, setRunsNotSaved] = useState<string | null>(null);
  const { settingsNotSaved, compareNotSaved } = useKeptSettings(settings, setSettings, compare, setCompare);
  const saveRun = async (record: RunRecord) => {
    const { runs: next, result } = await history.save(record);
    setRuns(next);
    setRunsNotSaved(notSavedLine('The last run was', result));
  };

  // A run's results are brought into view when they start to arrive (Send sits at the form's end, the results beside or above it).
  const output = useRef<HTMLDivElement>(null);
  const revealOutput = () =>
    window.requestAnimationFrame(() => {
      const box = output.current?.getBoundingClientRect();
      if (box && (box.top < 0 || box.top > window.innerHeight * 0.6))
        output.current!.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    });

  useEffect(() => {
    void history.load().then(setRuns);
    void toolsetStore.loadImported();
  }, [history, toolsetStore]);

  // `entries` too: an imported toolset chosen before the imported ones were read loads once they are.
  useEffect(() => {
    let active = true;
    const id = settings.toolsetId;
    void toolsetOf(toolsetStore, id).then((found) => {
      if (active) setLoaded({ id, toolset: found });
    });
    return () => {
      active = false;
    };
  }, [settings.toolsetId, entries, toolsetStore]);

  const chosenFrom = (all: readonly ToolDefinition[]): ToolDefinition[] =>
    settings.selectedTools === null ? [...all] : all.filter((tool) => settings.selectedTools!.includes(tool.name));
  const chosenTools = (): ToolDefinition[] => chosenFrom(tools);
  const earlierVersions = (name: string): ToolDefinition[] =>
    toolset ? toolVersions(toolset, name).filter((version) => !tools.includes(version)) : [];
  /** The chosen toolset, waited for when Send comes before it has loaded: a run never goes out with no tools by accident. */
  const toolsetProblems = async (): Promise<{ ready: ToolsetBundle | null; problems: SettingsProblem[] }> => {
    const ready = toolset ?? (await toolsetOf(toolsetStore, settings.toolsetId));
    return {
      ready,
      problems: ready
        ? []
        : [
            {
              field: 'toolsetId',
              message: `Toolset: "${settings.toolsetId}" is not available here; choose another, or import it again.`,
            },
          ],
    };
  };
  /** Base URLs the page's policy refuses, said before anything is sent. */
  const policyProblems = (): SettingsProblem[] =>
    [
      basePolicyProblem(settings.baseUrl),
      ...(compare.kind === 'models'
        ? compare.extra.map((column, index) =>
            basePolicyProblem(column.baseUrl, 'compare', `Model ${index + 2} — Base URL`),
          )
        : []),
    ].filter((problem): problem is SettingsProblem => problem !== null);
  const firstModel = () => ({ provider: settings.provider, baseUrl: settings.baseUrl, model: settings.model, apiKey });

  /** Side by side: every column at once, one Stop for all; each column saved to history. */
  const startSideBySide = async () => {
    const { ready, problems: missing } = await toolsetProblems();
    const all = ready?.tools ?? [];
    const found = [
      ...settingsProblems(settings, apiKey, settings.provider !== 'openai-compatible'),
      ...policyProblems(),
      ...missing,
      ...compareProblems(
        settings,
        compare,
        all.map((tool) => tool.name),
      ),
    ];
    setProblems(found);
    if (found.length > 0 || !ready) return;
    const chosen = chosenFrom(all);
    const first = firstModel();
    const plans = columnPlans(compare, chosen, first, ready);
    const records = plans.map((plan) => recordFor(settings, plan.model, plan.tools));
    const abort = new AbortController();
    controller.current = abort;
    show(null);
    setSideLabels(plans.map((plan) => plan.label));
    side.show(records.map((record) => ({ record, steps: [], running: true })));
    revealOutput();
    await runColumns(validator, checks, precompiled, settings, plans, records, side.onEventFor, abort.signal);
    controller.current = null;
    side.show(records.map(liveOf));
    for (const record of records) await saveRun(record);
  };

  const start = async () => {
    side.show(null);
    const { ready, problems: missing } = await toolsetProblems();
    const found = [
      ...settingsProblems(settings, apiKey, settings.provider !== 'openai-compatible'),
      ...policyProblems(),
      ...missing,
    ];
    setProblems(found);
    if (found.length > 0 || !ready) return;
    const chosen = chosenFrom(ready.tools);
    const model = firstModel();
    const record = recordFor(settings, model, chosen);
    const abort = new AbortController();
    controller.current = abort;
    const executor =
      settings.mode === 'agent'
        ? createExecutor(validator, settings.toolsetId, ready.tools, settings.autoApprove)
        : null;
    if (executor) setAgentUsed(true);
    show({ record, steps: [], running: true });
    revealOutput();
    await runModel({
      validator,
      checks,
      precompiled,
      settings,
      model,
      tools: chosen,
      record,
      ...(executor ? { execute: executor.execute } : {}),
      onEvent,
      signal: abort.signal,
    });
    executor?.dispose();
    controller.current = null;
    show(liveOf(record));
    await saveRun(record);
  };

  const stop = () => controller.current?.abort();
  const running = live?.running === true || (side.lives?.some((entry) => entry.running) ?? false);
  // From Send to the run's end: a second Send while the toolset loads (before the run shows) starts no second run.
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const send = async () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    try {
      await (compare.kind === 'off' ? start() : startSideBySide());
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const rerun = (run: RunRecord) => {
    setSettings({
      ...settings,
      provider: run.provider,
      baseUrl: run.baseUrl,
      model: run.model,
      system: run.system,
      userMessage: run.userMessage,
      toolsetId: run.toolset ?? settings.toolsetId,
      selectedTools: null,
      toolChoice: run.toolChoice,
      temperature: run.temperature ?? null,
    });
    window.scrollTo(0, 0);
  };

  return (
    <div className="models-page" ref={pageRoot}>
      <section className="catalog-intro" aria-labelledby="models-title">
        <h1 id="models-title">Models</h1>
        <p className="lead">
          Send a toolset and a prompt to a model — OpenAI, Anthropic, Gemini, or a local server such as Ollama — exactly
          as this site exports the tools, and see every call it makes judged by the same validator as the playground:
          valid, or which parameter breaks which rule, and the text the model would get back. Run the calls and go on.
          Requests go from this browser straight to the provider with your key.
        </p>
      </section>
      <div className="work-layout models-layout">
        <form
          className="work-column work-card models-form"
          aria-label="Run settings"
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) void send();
          }}
        >
          <SettingsForm
            settings={settings}
            onChange={(next) => {
              const drawnWith = settings;
              setSettings((current) => patchSettings(drawnWith, next, current));
            }}
            keyControls={keyControls}
            toolsets={toolsets}
            toolNames={toolNames}
            models={models}
            problems={problems}
          />
          <CompareForm
            compare={compare}
            onChange={(next) => {
              const drawnWith = compare;
              setCompare((current) => patchSettings(drawnWith, next, current));
            }}
            tools={chosenTools()}
            earlierVersions={earlierVersions}
            problems={problems}
          />
          <FieldError message={settingsNotSaved ?? undefined} />
          <FieldError message={compareNotSaved ?? undefined} />
          <div className="models-actions">
            <button type="submit" className="button button-primary" disabled={running || sending}>
              {running
                ? 'Running…'
                : sending && toolset === null
                  ? 'Loading the toolset…'
                  : compare.kind === 'off'
                    ? 'Send to the model'
                    : 'Send side by side'}
            </button>
          </div>
        </form>
        <div className="work-column models-output" ref={output}>
          {running ? <RunBar runs={side.lives ?? (live ? [live] : [])} onStop={stop} /> : null}
          {side.lives ? (
            <SideBySide
              columns={side.lives.map((entry, index) => ({
                label: sideLabels[index] ?? `Run ${index + 1}`,
                live: entry,
                toolsetId: entry.record.toolset ?? settings.toolsetId,
              }))}
            />
          ) : live ? (
            <RunView run={live} toolsetId={live.record.toolset ?? settings.toolsetId} statusInBar />
          ) : (
            <ModelSample
              onTryIt={(sample) => setSettings((current) => ({ ...current, ...sample, selectedTools: null }))}
            />
          )}
          <section className="models-history" aria-labelledby="models-history-title">
            <h2 id="models-history-title">History</h2>
            <FieldError message={runsNotSaved ?? undefined} />
            <HistoryList
              runs={runs}
              onOpen={(run) => {
                side.show(null);
                show(liveOf(run));
              }}
              onRerun={rerun}
              onClear={() => {
                void history.clear().then(() => setRuns([]));
                render();
              }}
            />
          </section>
        </div>
      </div>
      {agentUsed ? dialogs : null}
    </div>
  );
}
