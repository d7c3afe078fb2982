/**
 * A judged model call without a key: a run recorded from the provider emulator (sample-run.json, recorded by
 * scripts/record-samples.ts) replayed through the page's own run path, so its calls are parsed from the provider's
 * wire and judged exactly as a live run's are. Opened by "See a sample run" or by the address `/models/#sample`.
 */
import { useEffect, useRef, useState } from 'react';
import { recordedFetch, type RecordedExchange } from '../../../../core/model/replay';
import type { ProviderId } from '../../../../core/model/spec';
import { guideHref } from '../../../lib/hrefs';
import { scrollBehavior } from '../../../lib/motion';
import { useValidator } from '../../../lib/ValidatorContext';
import { usePage } from '../../../lib/page';
import { createPrecompiledLoads } from '../../../lib/precompiledValidators';
import { createSchemaChecks } from '../../../lib/schemaWorker';
import { useToolsetStore } from '../../../services/useToolsets';
import { recordFor, runModel, toolsetOf } from '../modelRun';
import { RunView } from '../RunView';
import { DEFAULT_SETTINGS, type RunSettings } from '../settings';
import { liveOf, useLiveRun } from '../useModelRun';
import './model-sample.css';

const SAMPLE_FRAGMENT = 'sample';

interface SampleFile {
  provider: ProviderId;
  baseUrl: string;
  model: string;
  toolset: string;
  system: string;
  userMessage: string;
  exchanges: RecordedExchange[];
}

/** The settings that run the sample against the emulator: everything but what the form holds besides. */
export type SampleSettings = Pick<
  RunSettings,
  'provider' | 'baseUrl' | 'model' | 'system' | 'userMessage' | 'toolsetId'
>;

export interface ModelSampleProps {
  /** Puts the sample's settings into the form, so Send runs it against the emulator. */
  onTryIt: (settings: SampleSettings) => void;
}

const settingsOf = (sample: SampleFile): SampleSettings => ({
  provider: sample.provider,
  baseUrl: sample.baseUrl,
  model: sample.model,
  system: sample.system,
  userMessage: sample.userMessage,
  toolsetId: sample.toolset,
});

export function ModelSample({ onTryIt }: ModelSampleProps) {
  const validator = useValidator();
  const page = usePage();
  const checks = page.part(createSchemaChecks);
  const precompiled = page.part(createPrecompiledLoads);
  const toolsetStore = useToolsetStore();
  const { live, onEvent, show } = useLiveRun();
  const [sample, setSample] = useState<SampleFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const section = useRef<HTMLElement>(null);

  const open = async () => {
    if (started.current) return;
    started.current = true;
    const loaded = (await import('./sample-run.json')).default as SampleFile;
    const toolset = await toolsetOf(toolsetStore, loaded.toolset);
    if (!toolset) {
      started.current = false;
      setProblem(`The sample's toolset '${loaded.toolset}' is not on this site.`);
      return;
    }
    const settings: RunSettings = { ...DEFAULT_SETTINGS, ...settingsOf(loaded) };
    const model = { provider: loaded.provider, baseUrl: loaded.baseUrl, model: loaded.model, apiKey: '' };
    const record = recordFor(settings, model, toolset.tools);
    setSample(loaded);
    show({ record, steps: [], running: true });
    await runModel({
      validator,
      checks,
      precompiled,
      settings,
      model,
      tools: toolset.tools,
      record,
      onEvent,
      signal: new AbortController().signal,
      fetch: recordedFetch(loaded.exchanges),
    });
    show(liveOf(record));
  };

  useEffect(() => {
    if (window.location.hash === `#${SAMPLE_FRAGMENT}`) void open();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Shown where the eye is: on a phone the form comes first, so the sample is brought up once it is there.
  const shown = live !== null && sample !== null;
  useEffect(() => {
    const element = section.current;
    if (!shown || !element) return;
    if (element.getBoundingClientRect().top > window.innerHeight * 0.6)
      element.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [shown]);

  if (!live || !sample) {
    return (
      <div className="models-empty">
        <p className="muted">The model's answer and each tool call, judged, appear here as they stream.</p>
        <p>
          <button type="button" className="button" onClick={() => void open()}>
            See a sample run
          </button>{' '}
          <span className="muted">recorded, no key needed</span>
        </p>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <section
      ref={section}
      className="model-sample"
      id={SAMPLE_FRAGMENT}
      aria-labelledby="model-sample-title"
      data-testid="model-sample"
    >
      <h2 id="model-sample-title">Sample run, recorded</h2>
      <p className="model-sample-note">
        A recorded exchange, not a live call: the provider emulator that ships with the CLI answered{' '}
        <code>{sample.model}</code> in the OpenAI Chat Completions wire format, and its response is replayed here
        through the same parsing and judging as a live run. Nothing was sent.
      </p>
      <p className="muted model-sample-prompt">Asked: “{sample.userMessage}”, with every tool of the toolset.</p>
      <RunView run={live} toolsetId={sample.toolset} />
      <div className="model-sample-next">
        <h3>Next</h3>
        <ul>
          <li>
            <strong>Run it yourself, without a key:</strong> start the emulator on this machine with{' '}
            <code>npx tool-schemas emulator --port 8765</code>, then{' '}
            <button type="button" className="button button-small" onClick={() => onTryIt(settingsOf(sample))}>
              Fill in the emulator's settings
            </button>{' '}
            and send. <a href={`${guideHref('models.md')}#try-it-with-the-emulator`}>How the emulator works</a>
          </li>
          <li>
            <strong>Use your key:</strong> choose your provider in the form, paste your key (it stays in this browser)
            and send. <a href={guideHref('models.md')}>The Models guide</a>
          </li>
        </ul>
      </div>
    </section>
  );
}
