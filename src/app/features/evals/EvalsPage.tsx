/**
 * The Evals page: suites of expected calls kept in this browser, edited case by case, run on up to three
 * models (and two toolset versions) or scored offline against logged runs, with scores and noise verdicts.
 */
import { offeredToModels } from '../../../core/mcp/apps/visibility';
import { useMemo, useRef, useState } from 'react';
import { buildReport, type CaseRun, type EvalCase, type EvalSuite } from '../../../core/evals';
import type { RunRecord } from '../../../core/model/agent/trace';
import type { ProviderId } from '../../../core/model/spec';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import { useEarlyActions } from '../../lib/earlyEvents';
import { useValidator } from '../../lib/ValidatorContext';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import { caseToDraft, emptyCase, type CaseDraft } from './caseDraft';
import { CaseEditor } from './CaseEditor';
import { download } from './download';
import { caseFromRunCall, type RunCall } from './fromRun';
import { createGrading } from './gradeClient';
import { usePage } from '../../lib/page';
import { newRow, rowProblems, targetsOf, type RowProblem } from './modelRows';
import { OfflinePanel } from './OfflinePanel';
import { runOnModels, type ToolsetVersion } from './pageRun';
import { RecentRuns } from './RecentRuns';
import { RunPanel, type RunForm } from './RunPanel';
import { keepBfclToolset } from './bfclToolset';
import { bfclFilesOf, fileNameOf, importSuiteText, suiteFileText } from './suiteFiles';
import { SuiteList } from './SuiteList';
import { createSuiteStore, newSuiteId, type StoredSuite, type SuiteResults } from './suiteStore';
import { SuiteView } from './SuiteView';
import { ResultsSection } from './ResultsSection';
import { useSuites } from './useSuites';
import { EvalSample } from './sample/EvalSample';
import '../../components/work-page.css';
import './evals.css';

type Message = { kind: 'error' | 'note'; text: string };
const now = (): string => new Date().toISOString();
const freeCaseId = (suite: EvalSuite, base = 'case'): string => {
  for (let index = suite.cases.length + 1; ; index++)
    if (!suite.cases.some((evalCase) => evalCase.id === `${base}-${index}`)) return `${base}-${index}`;
};

export function EvalsPage() {
  const toolsetStore = useToolsetStore();
  const validator = useValidator();
  const page = usePage();
  const grading = page.part(createGrading);
  const suiteStore = page.part(createSuiteStore);
  const entries = useToolsets();
  const toolsets = useMemo(
    () => entries.map((entry) => ({ id: entry.toolset.manifest.id, name: entry.toolset.manifest.name })),
    [entries],
  );
  const [editing, setEditing] = useState<{ index: number | null; draft: CaseDraft } | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [form, setForm] = useState<RunForm>({ rows: [newRow()], concurrency: '4', versus: '' });
  const [rowIssues, setRowIssues] = useState<RowProblem[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [liveRuns, setLiveRuns] = useState<CaseRun[] | null>(null);
  const [offline, setOffline] = useState<{ busy: boolean; problems: string[] }>({ busy: false, problems: [] });
  const controller = useRef<AbortController | null>(null);
  const pageRoot = useRef<HTMLDivElement>(null);
  useEarlyActions(pageRoot);
  const { suites, selectedId, setSelectedId, selected, notSaved, store, remove } = useSuites(suiteStore, now);

  const changeSuite = (suite: EvalSuite) => selected && void store({ ...selected, suite });
  const setResults = (stored: StoredSuite, results: SuiteResults) => void store({ ...stored, results });

  const newSuite = (toolset = DEFAULT_TOOLSET_ID): StoredSuite => ({
    id: newSuiteId(),
    suite: { name: `Suite ${suites.length + 1}`, toolset, repetitions: 1, cases: [] },
    updatedAt: now(),
  });
  const startNew = () => {
    const stored = newSuite();
    void store(stored);
    setEditing({ index: null, draft: emptyCase('case-1') });
  };

  const importSuite = async (file: File) => {
    const result = importSuiteText(await file.text(), file.name);
    if (!result.ok) return setMessages(result.problems.map((text) => ({ kind: 'error', text })));
    setMessages([
      { kind: 'note', text: `Imported '${result.suite.name}' (${result.suite.cases.length} cases) from ${file.name}.` },
    ]);
    await store({ id: newSuiteId(), suite: result.suite, updatedAt: now() });
  };
  const importBfcl = async (questions: File, answers: File) => {
    const name = questions.name.replace(/\.(json|jsonl)$/i, '');
    const toolsetId = toolsetStore.freeId(`bfcl-${name}`);
    const result = await grading.importBfcl(await questions.text(), await answers.text(), name, toolsetId);
    if (!result.ok) return setMessages(result.problems.map((text) => ({ kind: 'error', text })));
    let kept: Awaited<ReturnType<typeof keepBfclToolset>>;
    try {
      kept = await keepBfclToolset(toolsetStore, result);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return setMessages([{ kind: 'error', text: `The BFCL functions were not kept in this browser. ${reason}` }]);
    }
    setMessages([
      {
        kind: 'note',
        text: `Imported ${kept.suite.cases.length} BFCL cases and ${kept.toolset.tools.length} functions as the toolset '${kept.toolset.manifest.name}'.`,
      },
      ...result.notes.slice(0, 20).map((text): Message => ({ kind: 'note', text })),
    ]);
    await store({ id: newSuiteId(), suite: kept.suite, updatedAt: now() });
  };

  const expectCall = (run: RunRecord, call: RunCall) => {
    const target = selected ?? newSuite(run.toolset ?? DEFAULT_TOOLSET_ID);
    if (!selected) void store(target);
    setEditing({ index: null, draft: caseFromRunCall(run, call, freeCaseId(target.suite, call.name)) });
  };
  const saveCase = (evalCase: EvalCase) => {
    if (!selected || !editing) return;
    const cases =
      editing.index === null
        ? [...selected.suite.cases, evalCase]
        : selected.suite.cases.map((entry, at) => (at === editing.index ? evalCase : entry));
    changeSuite({ ...selected.suite, cases });
    setEditing(null);
  };

  // A live server's tools meant for its apps only are never offered to a model (MCP Apps visibility).
  const toolsOf = async (id: string) => {
    const tools = (await toolsetStore.loadToolset(id))?.tools;
    return tools ? offeredToModels(tools, toolsetStore.find(id)?.record?.live?.appOnly) : null;
  };
  const run = async (keyOf: (provider: ProviderId) => string) => {
    if (!selected) return;
    const problems = rowProblems(form.rows, keyOf);
    if (form.versus === selected.suite.toolset)
      problems.push({
        row: -1,
        field: 'models',
        message: 'Second toolset version: pick a toolset other than the suite’s own.',
      });
    if (selected.suite.cases.length === 0)
      problems.push({ row: -1, field: 'models', message: 'The suite has no case to run: add one first.' });
    const tools = await toolsOf(selected.suite.toolset);
    if (tools === null)
      problems.push({
        row: -1,
        field: 'models',
        message: `Toolset '${selected.suite.toolset}' is not in this browser: import it or pick another.`,
      });
    const versusTools = form.versus === '' ? null : await toolsOf(form.versus);
    setRowIssues(problems);
    if (problems.length > 0 || tools === null) return;
    const nameOf = (id: string) => toolsets.find((toolset) => toolset.id === id)?.name ?? id;
    const versions: ToolsetVersion[] = versusTools
      ? [
          { id: selected.suite.toolset, label: `A: ${nameOf(selected.suite.toolset)}`, tools },
          { id: form.versus, label: `B: ${nameOf(form.versus)}`, tools: versusTools },
        ]
      : [{ id: selected.suite.toolset, label: selected.suite.toolsetVersion ?? null, tools }];
    const abort = new AbortController();
    controller.current = abort;
    const collected: CaseRun[] = [];
    setLiveRuns([]);
    setProgress({ done: 0, total: 0 });
    try {
      const result = await runOnModels({
        validator,
        grading,
        suite: selected.suite,
        targets: targetsOf(form.rows, keyOf),
        versions,
        concurrency: Number(form.concurrency),
        signal: abort.signal,
        onRun: (finished, done, total) => {
          collected.push(finished);
          setLiveRuns([...collected]);
          setProgress({ done, total });
        },
      });
      setResults(selected, {
        runs: result.runs,
        total: result.total,
        cancelled: result.cancelled,
        source: 'models',
        finishedAt: now(),
      });
    } catch (error) {
      // What finished is kept, as after Cancel.
      if (collected.length > 0)
        setResults(selected, {
          runs: collected,
          total: collected.length,
          cancelled: true,
          source: 'models',
          finishedAt: now(),
        });
      setRowIssues([
        {
          row: -1,
          field: 'models',
          message: `The run stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        },
      ]);
    } finally {
      controller.current = null;
      setLiveRuns(null);
      setProgress(null);
    }
  };

  const scoreOffline = async (file: File) => {
    if (!selected) return;
    const tools = await toolsOf(selected.suite.toolset);
    if (tools === null)
      return setOffline({
        busy: false,
        problems: [`Toolset '${selected.suite.toolset}' is not in this browser: import it or pick another.`],
      });
    setOffline({ busy: true, problems: [] });
    try {
      const scored = await grading.score(`toolset:${selected.suite.toolset}`, tools, selected.suite, await file.text());
      const problems = scored.problems.map((problem) => `${file.name}, line ${problem.line}: ${problem.message}`);
      setOffline({
        busy: false,
        problems: scored.runs.length === 0 ? [`${file.name}: no run could be scored.`, ...problems] : problems,
      });
      if (scored.runs.length > 0)
        setResults(selected, {
          runs: scored.runs,
          total: scored.runs.length,
          cancelled: false,
          source: 'offline',
          finishedAt: now(),
        });
    } catch (error) {
      setOffline({
        busy: false,
        problems: [`${file.name}: ${error instanceof Error ? error.message : String(error)}`],
      });
    }
  };

  const shownRuns = liveRuns ?? selected?.results?.runs ?? null;
  const report = useMemo(
    () => (selected && shownRuns && shownRuns.length > 0 ? buildReport(selected.suite.name, shownRuns) : null),
    [selected, shownRuns],
  );

  return (
    <div className="evals-page" ref={pageRoot}>
      <header className="evals-intro">
        <h1>Evals</h1>
        <p className="muted">
          Does the model call the right tool with the right arguments? Write cases of expected calls, run them on up to
          three models or two versions of a toolset, or score calls already logged — and see whether each difference is
          real or could be noise.
        </p>
      </header>
      <EvalSample />
      <div className="work-layout evals-layout">
        <div className="work-column evals-side">
          <SuiteList
            suites={suites}
            selected={selectedId}
            onSelect={(id) => (setSelectedId(id), setEditing(null))}
            onNew={startNew}
            onImportSuite={(file) => void importSuite(file)}
            onImportBfcl={(questions, answers) => void importBfcl(questions, answers)}
            messages={messages}
          />
          <RecentRuns onExpect={expectCall} />
        </div>
        <div className="work-column evals-main">
          {selected ? (
            <>
              {editing ? (
                <section className="work-card eval-panel">
                  <h2>
                    {editing.index === null ? 'New case' : `Case ${selected.suite.cases[editing.index]?.id ?? ''}`}
                  </h2>
                  <CaseEditor
                    key={`${selected.id}-${editing.index ?? 'new'}-${editing.draft.id}`}
                    initial={editing.draft}
                    takenIds={selected.suite.cases
                      .filter((_, at) => at !== editing.index)
                      .map((evalCase) => evalCase.id)}
                    toolNames={
                      entries.find((entry) => entry.toolset.manifest.id === selected.suite.toolset)?.toolset
                        .toolNames ?? []
                    }
                    onSave={saveCase}
                    onCancel={() => setEditing(null)}
                  />
                </section>
              ) : null}
              {notSaved[selected.id] ? (
                <p className="field-error" role="alert" data-testid="suite-not-saved">
                  {notSaved[selected.id]}
                </p>
              ) : null}
              <SuiteView
                suite={selected.suite}
                toolsets={toolsets}
                onChange={changeSuite}
                onEditCase={(index) => setEditing({ index, draft: caseToDraft(selected.suite.cases[index]!) })}
                onAddCase={() => setEditing({ index: null, draft: emptyCase(freeCaseId(selected.suite)) })}
                onExport={() => download(suiteFileText(selected.suite), fileNameOf(selected.suite.name, '.json'))}
                onExportBfcl={() =>
                  void toolsOf(selected.suite.toolset).then((tools) => {
                    const files = bfclFilesOf(selected.suite, tools ?? []);
                    download(
                      files.questions,
                      fileNameOf(selected.suite.name, '-questions.json'),
                      'application/x-ndjson',
                    );
                    download(
                      files.answers,
                      fileNameOf(selected.suite.name, '-possible-answer.json'),
                      'application/x-ndjson',
                    );
                  })
                }
                onDelete={() => {
                  if (!window.confirm(`Delete the suite '${selected.suite.name}' and its results from this browser?`))
                    return;
                  remove(selected.id);
                }}
              />
              <RunPanel
                form={form}
                onChange={setForm}
                toolsets={toolsets}
                problems={rowIssues}
                running={progress !== null}
                progress={progress}
                onRun={(keyOf) => void run(keyOf)}
                onCancel={() => controller.current?.abort()}
              />
              <OfflinePanel
                onFile={(file) => void scoreOffline(file)}
                busy={offline.busy}
                problems={offline.problems}
              />
            </>
          ) : (
            <section className="work-card eval-panel">
              <p className="muted">Pick a suite, start a new one, or import one.</p>
            </section>
          )}
        </div>
      </div>
      {selected && report ? (
        <ResultsSection
          suiteId={selected.id}
          suiteName={selected.suite.name}
          results={liveRuns === null ? selected.results : undefined}
          report={report}
        />
      ) : null}
    </div>
  );
}
