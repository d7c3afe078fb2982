/**
 * The Models page: send a toolset and a prompt to a model, see each call judged as it arrives, run the
 * valid ones with approval, go on. Loaded only when opened; embeds never load it.
 */
import { useValidator } from '../../lib/ValidatorContext';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { runAgent } from '../../../core/model/agent/run-agent';
import type { RunRecord } from '../../../core/model/agent/trace';
import { listModels } from '../../../core/model/http';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ToolDefinition } from '../../../core/toolset/types';
import { useEarlyActions } from '../../lib/earlyEvents';
import { loadPrecompiledValidator } from '../../lib/precompiledValidators';
import { loadToolset, useToolsets } from '../../lib/toolset';
import { HistoryList } from './HistoryList';
import { forgetKey, keyInMemory, loadRememberedKey, rememberKey, setKeyInMemory } from './keyStore';
import { RunView } from './RunView';
import { deleteRuns, loadRuns, saveRun } from './runHistory';
import { createExecutor } from './runtimeBridge';
import { DEFAULT_SETTINGS, settingsProblems, type RunSettings, type SettingsProblem } from './settings';
import { SettingsForm } from './SettingsForm';
import { liveOf, useLiveRun, useLiveRuns } from './useModelRun';
import { withEditedDescription } from '../../../core/model/agent/compare';
import { CompareForm } from './CompareForm';
import { compareProblems, NO_COMPARE, type CompareSettings } from './compareSettings';
import { SideBySide } from './SideBySide';
import { recordFor, runColumns, type ColumnPlan } from './sideBySideRun';
import './models.css';

const RuntimeDialogs = lazy(() => import('../execution/RuntimeDialogs').then((module) => ({ default: module.RuntimeDialogs })));

const runId = (): string => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export function ModelsPage() {
  const validator = useValidator();
  const entries = useToolsets();
  // Imported schemas have no validator generated at build time and the page compiles none: bundled toolsets only.
  const toolsets = useMemo(() => entries.filter((entry) => entry.origin !== 'imported').map((entry) => ({ id: entry.toolset.manifest.id, name: entry.toolset.manifest.name, count: entry.toolset.toolNames.length })), [entries]);
  const [settings, setSettings] = useState<RunSettings>(DEFAULT_SETTINGS);
  const [apiKey, setApiKey] = useState('');
  const [remembered, setRemembered] = useState(false);
  const [tools, setTools] = useState<ToolDefinition[]>([]);
  const [problems, setProblems] = useState<SettingsProblem[]>([]);
  const [models, setModels] = useState<{ list: string[]; loading: boolean; error: string | null }>({ list: [], loading: false, error: null });
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

  useEffect(() => {
    void loadRuns().then(setRuns);
  }, []);

  // The key of this provider: from this tab's memory, or remembered on this device.
  useEffect(() => {
    let active = true;
    setApiKey(keyInMemory(settings.provider));
    setRemembered(false);
    void loadRememberedKey(settings.provider).then((key) => {
      if (!active || key === null) return;
      setApiKey(key);
      setRemembered(true);
    });
    setModels({ list: [], loading: false, error: null });
    return () => {
      active = false;
    };
  }, [settings.provider]);

  useEffect(() => {
    let active = true;
    void loadToolset(settings.toolsetId).then((toolset) => {
      if (active) setTools(toolset?.tools ?? []);
    });
    return () => {
      active = false;
    };
  }, [settings.toolsetId]);

  const onKey = (key: string) => {
    setApiKey(key);
    setKeyInMemory(settings.provider, key);
    if (remembered) void rememberKey(settings.provider, key);
  };
  const onRemember = (remember: boolean) => {
    setRemembered(remember);
    if (remember) void rememberKey(settings.provider, apiKey);
    else void forgetKey(settings.provider).then(() => setKeyInMemory(settings.provider, apiKey));
  };
  const onForget = () => {
    setRemembered(false);
    setApiKey('');
    void forgetKey(settings.provider);
  };

  const loadModelList = () => {
    setModels((current) => ({ ...current, loading: true, error: null }));
    void listModels(PROVIDER_ADAPTERS[settings.provider], settings.baseUrl, apiKey, { origin: window.location.origin }).then((outcome) =>
      setModels({ list: outcome.models ?? [], loading: false, error: outcome.error ? outcome.error.message : outcome.models?.length === 0 ? 'The provider listed no models.' : null }),
    );
  };

  /** Side by side: every column at once, one Stop for all; each column saved to history. */
  const startSideBySide = async () => {
    const found = [...settingsProblems(settings, apiKey, settings.provider !== 'openai-compatible'), ...compareProblems(settings, compare, tools.map((tool) => tool.name))];
    setProblems(found);
    if (found.length > 0) return;
    const chosen = settings.selectedTools === null ? tools : tools.filter((tool) => settings.selectedTools!.includes(tool.name));
    const first = { provider: settings.provider, baseUrl: settings.baseUrl, model: settings.model, apiKey };
    const plans: ColumnPlan[] =
      compare.kind === 'models'
        ? [first, ...compare.extra].map((model, index) => ({ label: `Model ${index + 1}`, model, tools: chosen }))
        : [
            { label: 'Toolset as it is', model: first, tools: chosen },
            { label: `Edited ${compare.editTool} description`, model: first, tools: withEditedDescription(chosen, compare.editTool, compare.editDescription) },
          ];
    await Promise.all(tools.map((tool) => loadPrecompiledValidator(tool.inputSchema)));
    const records = plans.map((plan) => recordFor(settings, plan));
    const abort = new AbortController();
    controller.current = abort;
    show(null);
    setSideLabels(plans.map((plan) => plan.label));
    side.show(records.map((record) => ({ record, steps: [], running: true })));
    await runColumns(settings, plans, records, side.onEventFor, abort.signal);
    controller.current = null;
    side.show(records.map(liveOf));
    for (const record of records) setRuns(await saveRun(record));
  };

  const start = useCallback(async () => {
    side.show(null);
    const needsKey = settings.provider !== 'openai-compatible';
    const found = settingsProblems(settings, apiKey, needsKey);
    setProblems(found);
    if (found.length > 0) return;
    const adapter = PROVIDER_ADAPTERS[settings.provider];
    const chosen = settings.selectedTools === null ? tools : tools.filter((tool) => settings.selectedTools!.includes(tool.name));
    await Promise.all(tools.map((tool) => loadPrecompiledValidator(tool.inputSchema)));
    const record: RunRecord = {
      id: runId(),
      createdAt: new Date().toISOString(),
      provider: settings.provider,
      toolset: settings.toolsetId,
      baseUrl: settings.baseUrl,
      model: settings.model.trim(),
      system: settings.system,
      userMessage: settings.userMessage,
      toolNames: chosen.map((tool) => tool.name),
      toolChoice: settings.toolChoice,
      ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
      steps: [],
      messages: [],
    };
    const abort = new AbortController();
    controller.current = abort;
    const executor = settings.mode === 'agent' ? createExecutor(settings.toolsetId, tools, settings.autoApprove) : null;
    if (executor) setAgentUsed(true);
    show({ record, steps: [], running: true });
    try {
      await runAgent({
        adapter,
        validator,
        request: {
          provider: settings.provider,
          baseUrl: settings.baseUrl.trim(),
          model: record.model,
          apiKey: apiKey.trim(),
          system: settings.system,
          messages: [{ role: 'user', text: settings.userMessage }],
          tools: adapter.prepareTools(chosen),
          toolChoice: settings.toolChoice,
          ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
        },
        // A call to a tool that was not sent is an unknown tool, as it would be for the model's runtime.
        tools: chosen,
        mode: settings.mode,
        maxSteps: settings.mode === 'agent' ? settings.maxSteps : 1,
        ...(executor ? { execute: executor.execute } : {}),
        onEvent,
        signal: abort.signal,
        stream: { origin: window.location.origin },
        record,
      });
    } catch (error) {
      record.stopReason = 'error';
      record.error = { code: 'bad_response', message: `The run failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` };
    } finally {
      executor?.dispose();
      controller.current = null;
    }
    show(liveOf(record));
    setRuns(await saveRun(record));
  }, [settings, apiKey, tools, onEvent, show, side]);

  const stop = () => controller.current?.abort();
  const running = live?.running === true || (side.lives?.some((entry) => entry.running) ?? false);

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
          Send a toolset and a prompt to a model — OpenAI, Anthropic, Gemini, or a local server such as Ollama — exactly as this site exports the tools, and see every call it makes
          judged by the same validator as the playground: valid, or which parameter breaks which rule, and the text the model would get back. Run the calls and go on. Requests go
          from this browser straight to the provider with your key.
        </p>
      </section>
      <div className="models-layout">
        <form
          className="models-form"
          aria-label="Run settings"
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) void (compare.kind === 'off' ? start() : startSideBySide());
          }}
        >
          <SettingsForm
            settings={settings}
            onChange={setSettings}
            keyControls={{ apiKey, onKey, remembered, onRemember, onForget }}
            toolsets={toolsets}
            toolNames={tools.map((tool) => tool.name)}
            models={{ ...models, onLoad: loadModelList }}
            problems={problems}
          />
          <CompareForm compare={compare} onChange={setCompare} tools={settings.selectedTools === null ? tools : tools.filter((tool) => settings.selectedTools!.includes(tool.name))} problems={problems} />
          <div className="models-actions">
            <button type="submit" className="button button-primary" disabled={running}>
              {running ? 'Running…' : compare.kind === 'off' ? 'Send to the model' : 'Send side by side'}
            </button>
            {running ? (
              <button type="button" className="button" onClick={stop}>
                Stop
              </button>
            ) : null}
          </div>
        </form>
        <div className="models-output">
          {side.lives ? (
            <SideBySide columns={side.lives.map((entry, index) => ({ label: sideLabels[index] ?? `Run ${index + 1}`, live: entry, toolsetId: entry.record.toolset ?? settings.toolsetId }))} />
          ) : live ? <RunView run={live} toolsetId={live.record.toolset ?? settings.toolsetId} /> : <p className="muted models-empty">The model's answer and each tool call, judged, appear here as they stream.</p>}
          <section className="models-history" aria-labelledby="models-history-title">
            <h2 id="models-history-title">History</h2>
            <HistoryList
              runs={runs}
              onOpen={(run) => {
                side.show(null);
                show(liveOf(run));
              }}
              onRerun={rerun}
              onClear={() => {
                void deleteRuns().then(() => setRuns([]));
                render();
              }}
            />
          </section>
        </div>
      </div>
      {agentUsed ? (
        <Suspense fallback={null}>
          <RuntimeDialogs />
        </Suspense>
      ) : null}
    </div>
  );
}
