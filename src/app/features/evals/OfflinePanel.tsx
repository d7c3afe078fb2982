/** Offline scoring: a transcript or a results file dropped (or chosen), scored against the suite with no model. */
import { useState, type DragEvent } from 'react';
import { FilePicker } from '../../components/FilePicker';

export function OfflinePanel({
  onFile,
  busy,
  problems,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  problems: string[];
}) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <section className="work-card eval-panel" aria-labelledby="eval-offline-title">
      <h2 id="eval-offline-title">Score logged runs (no model, no key)</h2>
      <div
        className={`eval-drop${over ? ' eval-drop-over' : ''}`}
        data-testid="offline-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>
          Drop a results file (JSON Lines of <code>{'{"case": …, "model": …, calls}'}</code>, as{' '}
          <code>tool-schemas eval --json</code> or this page exports) or a transcript the Check calls page reads (for a
          one-case suite).
        </p>
        <FilePicker
          accept=".json,.jsonl,.ndjson,.txt,application/json"
          label="Results or transcript file"
          onFile={onFile}
        />
        {busy ? <span role="status"> Scoring…</span> : null}
      </div>
      {problems.map((problem, index) => (
        <p key={index} className="field-error">
          {problem}
        </p>
      ))}
    </section>
  );
}
