/**
 * The tool page's Models panel: this tool (or its whole toolset) sent to a model with a prompt, each call judged
 * as it arrives, and a call of this tool opened in this page's editor. Loaded only when opened (ModelsPanelOpener).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { JsonValue, ToolDefinition } from '../../../../core/toolset/types';
import { modelsHref } from '../../../lib/hrefs';
import { useValidator } from '../../../lib/ValidatorContext';
import { usePage } from '../../../lib/page';
import { createPrecompiledLoads } from '../../../lib/precompiledValidators';
import { createSchemaChecks } from '../../../lib/schemaWorker';
import { useServices } from '../../../services/Services';
import { useToolsetStore } from '../../../services/useToolsets';
import { recordFor, runModel, toolsetOf } from '../modelRun';
import { PromptFields } from '../PromptFields';
import { RunView } from '../RunView';
import { DEFAULT_SETTINGS, settingsProblems, type RunSettings, type SettingsProblem } from '../settings';
import { keepSettings, recalledSettings } from '../settingsStore';
import { ToolChoiceField } from '../ToolChoiceField';
import { FieldError } from '../../../components/FieldError';
import { notSavedLine } from '../../../lib/storageFailure';
import { liveOf, useLiveRun } from '../useModelRun';
import { useProviderAccess } from '../useProviderAccess';
import '../../../components/work-page.css';
import '../models.css';
import './panel.css';

export interface ModelsPanelProps {
  toolsetId: string;
  tool: ToolDefinition;
  /** Loads a call's arguments into this page's playground. */
  onOpenArguments: (args: JsonValue) => void;
}

export function ModelsPanel({ toolsetId, tool, onOpenArguments }: ModelsPanelProps) {
  const id = useId();
  const validator = useValidator();
  const page = usePage();
  const checks = page.part(createSchemaChecks);
  const precompiled = page.part(createPrecompiledLoads);
  const history = useServices().runs;
  const toolsetStore = useToolsetStore();
  const [settings, setSettings] = useState<RunSettings>(() => ({ ...recalledSettings(DEFAULT_SETTINGS), toolsetId }));
  const { apiKey, keyControls, models } = useProviderAccess(settings.provider, settings.baseUrl);
  const [scope, setScope] = useState<'tool' | 'toolset'>('tool');
  const [toolset, setToolset] = useState<ToolDefinition[] | null>(null);
  const [problems, setProblems] = useState<SettingsProblem[]>([]);
  // What the browser refused to store (the settings, the run), said under the form; the form keeps what was typed.
  const [notSaved, setNotSaved] = useState<string[]>([]);
  const { live, onEvent, show } = useLiveRun();
  const controller = useRef<AbortController | null>(null);
  const set = <Key extends keyof RunSettings>(key: Key, value: RunSettings[Key]) =>
    setSettings({ ...settings, [key]: value });

  useEffect(() => {
    let active = true;
    void toolsetOf(toolsetStore, toolsetId).then((found) => active && setToolset(found?.tools ?? null));
    return () => {
      active = false;
    };
  }, [toolsetId, toolsetStore]);

  // The whole toolset holds this tool as this page shows it (an imported tool edited here is the one sent).
  const tools = useMemo(
    () => (scope === 'tool' || !toolset ? [tool] : toolset.map((other) => (other.name === tool.name ? tool : other))),
    [scope, toolset, tool],
  );
  const here = useMemo(() => ({ toolName: tool.name, onOpen: onOpenArguments }), [tool.name, onOpenArguments]);
  const running = live?.running === true;

  const start = async () => {
    const found = settingsProblems(settings, apiKey, settings.provider !== 'openai-compatible');
    setProblems(found);
    if (found.length > 0) return;
    const settingsLine = notSavedLine('These settings were', keepSettings(settings));
    setNotSaved(settingsLine ? [settingsLine] : []);
    const model = { provider: settings.provider, baseUrl: settings.baseUrl, model: settings.model, apiKey };
    const record = recordFor(settings, model, tools, toolsetId);
    const abort = new AbortController();
    controller.current = abort;
    show({ record, steps: [], running: true });
    await runModel({
      validator,
      checks,
      precompiled,
      settings: { ...settings, mode: 'judge' },
      model,
      tools,
      record,
      onEvent,
      signal: abort.signal,
    });
    controller.current = null;
    show(liveOf(record));
    const runLine = notSavedLine('This run was', (await history.save(record)).result);
    setNotSaved([settingsLine, runLine].filter((line): line is string => line !== null));
  };

  // A live server's tool for its apps only (MCP Apps visibility) is never offered to a model.
  if (toolsetStore.find(toolsetId)?.record?.live?.appOnly?.includes(tool.name)) {
    return (
      <p className="muted" data-testid="models-panel">
        The server shows {tool.name} to its app only: a model is never offered it.
      </p>
    );
  }

  return (
    <div className="models-panel" data-testid="models-panel">
      <form
        className="work-column work-card models-form"
        aria-label="Model run settings"
        onSubmit={(event) => {
          event.preventDefault();
          if (!running) void start();
        }}
      >
        <PromptFields
          settings={settings}
          onChange={setSettings}
          keyControls={keyControls}
          models={models}
          problems={problems}
          userRows={2}
          userPlaceholder={`A task that needs ${tool.name}.`}
        />
        <div className="field-row">
          <fieldset className="model-scope">
            <legend>Tools sent</legend>
            <label className="checkbox">
              <input type="radio" name={`${id}-scope`} checked={scope === 'tool'} onChange={() => setScope('tool')} />{' '}
              <code>{tool.name}</code> alone
            </label>
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-scope`}
                checked={scope === 'toolset'}
                disabled={!toolset}
                onChange={() => setScope('toolset')}
              />{' '}
              The whole toolset{toolset ? ` (${toolset.length} tools)` : ''}
            </label>
          </fieldset>
          <ToolChoiceField
            value={settings.toolChoice.type === 'tool' ? { type: 'tool', name: tool.name } : settings.toolChoice}
            onChange={(choice) => set('toolChoice', choice)}
            toolNames={[tool.name]}
          />
        </div>
        {notSaved.map((line) => (
          <FieldError key={line} message={line} />
        ))}
        <div className="models-actions">
          <button type="submit" className="button button-primary" disabled={running}>
            {running ? 'Running…' : 'Send to the model'}
          </button>
          {running ? (
            <button type="button" className="button" onClick={() => controller.current?.abort()}>
              Stop
            </button>
          ) : null}
          <a className="models-panel-more" href={modelsHref()}>
            More on the Models page: side by side, the agent loop, history
          </a>
        </div>
      </form>
      {live ? <RunView run={live} toolsetId={toolsetId} here={here} /> : null}
    </div>
  );
}
