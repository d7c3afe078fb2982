/** The suites kept in this browser: pick one, start one, import one (a suite file, or BFCL's two files). */
import { useState } from 'react';
import { FilePicker } from '../../components/FilePicker';
import type { StoredSuite } from './suiteStore';

interface Props {
  suites: StoredSuite[];
  selected: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onImportSuite: (file: File) => void;
  onImportBfcl: (questions: File, answers: File) => void;
  messages: { kind: 'error' | 'note'; text: string }[];
}

export function SuiteList({ suites, selected, onSelect, onNew, onImportSuite, onImportBfcl, messages }: Props) {
  const [questions, setQuestions] = useState<File | null>(null);
  const [answers, setAnswers] = useState<File | null>(null);
  return (
    <section className="work-card eval-panel eval-suites" aria-labelledby="eval-suites-title">
      <h2 id="eval-suites-title">Suites</h2>
      {suites.length === 0 ? (
        <p className="muted">
          No suite yet: start one, or import a suite file or BFCL files. Suites are kept in this browser (IndexedDB).
        </p>
      ) : null}
      <ul className="eval-suite-list" data-testid="suite-list">
        {suites.map((stored) => (
          <li key={stored.id}>
            <button
              type="button"
              className="eval-suite-open"
              aria-current={stored.id === selected ? 'true' : undefined}
              onClick={() => onSelect(stored.id)}
            >
              <span className="eval-suite-name">{stored.suite.name}</span>
              <span className="muted">
                {stored.suite.cases.length} case{stored.suite.cases.length === 1 ? '' : 's'} · {stored.suite.toolset}
                {stored.results ? ` · ${stored.results.runs.length} runs kept` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-primary" onClick={onNew}>
        New suite
      </button>
      <details className="eval-import">
        <summary>Import</summary>
        <p className="muted">A suite file, JSON or YAML:</p>
        <FilePicker accept=".json,.yaml,.yml,application/json" label="Suite file" onFile={onImportSuite} />
        <p className="muted">
          BFCL: a question file (with its function docs) and its possible-answer file. The functions become an imported
          toolset, each type conversion listed.
        </p>
        <div className="field-row">
          <span>Questions:</span> <FilePicker accept=".json,.jsonl" label="BFCL question file" onFile={setQuestions} />{' '}
          <span className="muted">{questions?.name ?? 'none'}</span>
        </div>
        <div className="field-row">
          <span>Answers:</span>{' '}
          <FilePicker accept=".json,.jsonl" label="BFCL possible-answer file" onFile={setAnswers} />{' '}
          <span className="muted">{answers?.name ?? 'none'}</span>
        </div>
        <button
          type="button"
          className="button"
          disabled={questions === null || answers === null}
          onClick={() => questions && answers && onImportBfcl(questions, answers)}
        >
          Import BFCL
        </button>
      </details>
      {messages.map((message, index) => (
        <p
          key={index}
          className={message.kind === 'error' ? 'field-error' : 'muted'}
          role={message.kind === 'error' ? 'alert' : undefined}
        >
          {message.text}
        </p>
      ))}
    </section>
  );
}
