import { useState } from 'react';
import { EXPORT_FORMAT_INFO } from '../../../core/export';
import {
  exportFileName,
  exportToolset,
  TOOLSET_EXPORT_FORMATS,
  type ToolsetExportFormat,
} from '../../../core/export/toolset';
import { catalogHref } from '../../lib/hrefs';
import { downloadFile } from '../../lib/download';
import { type ToolsetEntry } from '../../lib/toolset';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';

const formatLabel = (format: ToolsetExportFormat) =>
  format === 'toolset' ? 'Toolset file (this site)' : EXPORT_FORMAT_INFO[format].label;

function ImportedToolsetRow({ entry }: { entry: ToolsetEntry }) {
  const toolsets = useToolsetStore();
  const { toolset, record } = entry;
  const id = toolset.manifest.id;
  const [name, setName] = useState(toolset.manifest.name);
  const [format, setFormat] = useState<ToolsetExportFormat>('toolset');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rename = () => {
    if (name.trim() === toolset.manifest.name) return;
    toolsets.rename(id, name).then(
      () => setError(null),
      (thrown: unknown) => setError(thrown instanceof Error ? thrown.message : String(thrown)),
    );
  };
  return (
    <li className="imported-toolset" data-toolset={id}>
      <div className="imported-toolset-head">
        <a href={catalogHref(id)} className="imported-toolset-link">
          {toolset.manifest.name}
        </a>
        <span className="muted">
          {toolset.toolNames.length} {toolset.toolNames.length === 1 ? 'tool' : 'tools'} ·{' '}
          {record?.format ?? 'imported'}
          {record ? ` · ${new Date(record.importedAt).toLocaleString()}` : ''}
        </span>
      </div>
      <div className="imported-toolset-actions">
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            rename();
          }}
        >
          <label htmlFor={`rename-${id}`}>Name</label>
          <input
            id={`rename-${id}`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={rename}
            maxLength={80}
          />
        </form>
        <div className="inline-form">
          <label htmlFor={`export-${id}`}>Export as</label>
          <select
            id={`export-${id}`}
            value={format}
            onChange={(event) => setFormat(event.target.value as ToolsetExportFormat)}
          >
            {TOOLSET_EXPORT_FORMATS.map((option) => (
              <option key={option} value={option}>
                {formatLabel(option)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={!record}
            onClick={() =>
              record &&
              downloadFile(
                exportFileName(record.toolset, format),
                JSON.stringify(exportToolset(record.toolset, format), null, 2),
                'application/json',
              )
            }
          >
            Download
          </button>
        </div>
        {confirming ? (
          <div className="inline-form" role="group" aria-label={`Delete ${toolset.manifest.name}?`}>
            <span>Delete it and its mocks?</span>
            <button
              type="button"
              className="button button-danger"
              onClick={() =>
                toolsets
                  .remove(id)
                  .catch((thrown: unknown) => setError(thrown instanceof Error ? thrown.message : String(thrown)))
              }
            >
              Delete
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${toolset.manifest.name}`}
          >
            Delete…
          </button>
        )}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The toolsets this browser has imported: open, rename, export in any format, delete. */
export function ImportedToolsets() {
  const imported = useToolsets().filter((entry) => entry.origin === 'imported');
  return (
    <section className="imported-toolsets" aria-labelledby="imported-title">
      <h2 id="imported-title">Your imported toolsets</h2>
      {imported.length === 0 ? (
        <p className="muted">
          None yet. Toolsets you import are kept in this browser and listed here and in the toolset switcher.
        </p>
      ) : (
        <ul className="imported-toolset-list">
          {imported.map((entry) => (
            <ImportedToolsetRow key={entry.toolset.manifest.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
