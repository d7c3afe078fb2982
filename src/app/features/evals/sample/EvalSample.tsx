/**
 * An eval report without a key: a suite run recorded from the provider emulator (sample-run.json, recorded by
 * scripts/record-samples.ts) replayed through the page's own suite run, its calls graded by the real graders in the
 * grading worker. Opened by "See a sample report" or by the address `/evals/#sample`.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { buildReport, readSuite, type CaseRun, type EvalSuite } from '../../../../core/evals';
import { recordedFetch, type RecordedExchange } from '../../../../core/model/replay';
import type { ProviderId } from '../../../../core/model/spec';
import { guideHref } from '../../../lib/hrefs';
import { useValidator } from '../../../lib/ValidatorContext';
import { useToolsetStore } from '../../../services/useToolsets';
import { runOnModels } from '../pageRun';
import { createGrading } from '../gradeClient';
import { usePage } from '../../../lib/page';
import { ResultsView } from '../ResultsView';
import './eval-sample.css';

const SAMPLE_FRAGMENT = 'sample';

interface SampleFile {
  provider: ProviderId;
  baseUrl: string;
  models: string[];
  suite: unknown;
  exchanges: RecordedExchange[];
}

/** Names in code, joined by "and". */
const listOf = (names: readonly string[]): ReactNode[] =>
  names.flatMap((name, index) => [index === 0 ? '' : ' and ', <code key={name}>{name}</code>]);

export function EvalSample() {
  const validator = useValidator();
  const grading = usePage().part(createGrading);
  const toolsetStore = useToolsetStore();
  const [shown, setShown] = useState<{ suite: EvalSuite; runs: CaseRun[]; total: number; sample: SampleFile } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const box = useRef<HTMLElement>(null);

  const open = async () => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      started.current = false;
      setProblem(message);
    };
    const sample = (await import('./sample-run.json')).default as SampleFile;
    const read = readSuite(sample.suite);
    if (!read.ok)
      return fail(
        `The sample suite is invalid: ${read.problems.map((entry) => `${entry.pointer} ${entry.message}`).join('; ')}`,
      );
    const tools = (await toolsetStore.loadToolset(read.suite.toolset))?.tools;
    if (!tools) return fail(`The sample's toolset '${read.suite.toolset}' is not on this site.`);
    const targets = sample.models.map((model) => ({
      label: `${sample.provider}:${model}`,
      provider: sample.provider,
      model,
      baseUrl: sample.baseUrl,
      apiKey: '',
    }));
    const runs: CaseRun[] = [];
    const update = (total: number) => setShown({ suite: read.suite, runs: [...runs], total, sample });
    update(0);
    const result = await runOnModels({
      validator,
      grading,
      suite: read.suite,
      targets,
      versions: [{ id: read.suite.toolset, label: null, tools }],
      concurrency: 2,
      signal: new AbortController().signal,
      fetch: recordedFetch(sample.exchanges),
      onRun: (run, _done, total) => {
        runs.push(run);
        update(total);
      },
    });
    runs.splice(0, runs.length, ...result.runs);
    update(result.total);
  };

  useEffect(() => {
    if (window.location.hash === `#${SAMPLE_FRAGMENT}`) void open();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const opened = shown !== null;
  useEffect(() => {
    if (opened) box.current?.scrollIntoView({ block: 'start' });
  }, [opened]);

  const report = useMemo(
    () => (shown && shown.runs.length > 0 ? buildReport(shown.suite.name, shown.runs) : null),
    [shown],
  );

  if (!shown) {
    return (
      <p className="eval-sample-open">
        <button type="button" className="button" onClick={() => void open()}>
          See a sample report
        </button>{' '}
        <span className="muted">a recorded suite run, graded here, no key needed</span>
        {problem ? (
          <span className="field-error" role="alert">
            {' '}
            {problem}
          </span>
        ) : null}
      </p>
    );
  }
  const { suite, sample } = shown;
  return (
    <section
      className="work-card eval-panel eval-sample"
      id={SAMPLE_FRAGMENT}
      ref={box}
      aria-labelledby="eval-sample-title"
      data-testid="eval-sample"
    >
      <h2 id="eval-sample-title">Sample report, recorded: {suite.name}</h2>
      <p>
        A recorded suite run, not a live one: the provider emulator that ships with the CLI answered each case for{' '}
        {listOf(sample.models)}, and the responses are replayed here through the same suite run as a live one, each
        graded by the real graders. Nothing was sent.
      </p>
      <ul className="muted eval-sample-cases">
        {suite.cases.map((evalCase) => (
          <li key={evalCase.id}>
            <code>{evalCase.id}</code>: “{evalCase.messages.find((message) => message.role === 'user')?.content ?? ''}”,
            expecting{' '}
            {evalCase.expect.calls
              .map((call) => (Array.isArray(call.tool) ? call.tool.join(' or ') : call.tool))
              .join(', ')}
          </li>
        ))}
      </ul>
      <p className="muted" data-testid="eval-sample-status">
        {shown.runs.length} of {shown.total || suite.cases.length * sample.models.length} runs graded
      </p>
      {report ? <ResultsView report={report} /> : null}
      <div className="eval-sample-next">
        <h3>Next</h3>
        <ul>
          <li>
            <strong>Run it yourself, without a key:</strong> start{' '}
            <code>npx tool-schemas emulator --port 8765 --scenario compare</code>; in a suite's run, give each model a
            row: <em>OpenAI-compatible</em>, base URL <code>{sample.baseUrl}</code>, model {listOf(sample.models)}; then
            run. <a href={`${guideHref('evals.md')}#without-a-key-the-emulator`}>The emulator in the Evals guide</a>
          </li>
          <li>
            <strong>Use your key:</strong> start a suite (or import one), add a model row with your provider and key,
            and run. The key stays in this browser.
          </li>
        </ul>
      </div>
    </section>
  );
}
