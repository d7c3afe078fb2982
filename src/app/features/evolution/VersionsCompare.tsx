import { use, useEffect, useMemo, useState } from 'react';
import { diffDefinitions, type ChangeClass, type DiffableDefinition } from '../../../core/diff';
import type { ParsedDefinition } from '../../../core/diff/parse';
import { usePage } from '../../lib/page';
import { createSchemaChecks } from '../../lib/schemaWorker';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import { compareSources, defaultPair, loadSameNamedTools, PASTED, type CompareSource } from './compareSources';
import { SideBySide } from './SideBySide';
import './evolution.css';
import { DataTable } from '../../components/DataTable';

const CLASS_LABEL: Record<ChangeClass, string> = { breaking: 'Breaking', minor: 'Minor', patch: 'Patch' };

interface Side {
  label: string;
  definition?: DiffableDefinition;
  error?: string;
  /** A paste still being read. */
  pending?: boolean;
}

/** A pasted definition is read in the schema worker: reading it compiles its schema, which the page's policy forbids. */
function usePastedDefinition(text: string, toolName: string): ParsedDefinition | 'reading' | null {
  const [parsed, setParsed] = useState<{ text: string; value: ParsedDefinition } | null>(null);
  const checks = usePage().part(createSchemaChecks);
  useEffect(() => {
    if (text.trim() === '') return;
    let active = true;
    checks.definition(text, toolName).then(
      (value) => active && setParsed({ text, value }),
      (error: Error) => active && setParsed({ text, value: { ok: false, message: error.message } }),
    );
    return () => {
      active = false;
    };
  }, [text, toolName, checks]);
  if (text.trim() === '') return null;
  return parsed && parsed.text === text ? parsed.value : 'reading';
}

function useSide(sources: readonly CompareSource[], sourceId: string, pasted: string, toolName: string): Side {
  const source = sources.find((candidate) => candidate.id === sourceId);
  const parsed = usePastedDefinition(source?.id === PASTED ? pasted : '', toolName);
  return useMemo(() => {
    if (!source) return { label: '', error: 'Choose a definition.' };
    if (source.id !== PASTED)
      return { label: source.label, ...(source.definition ? { definition: source.definition } : {}) };
    if (parsed === null)
      return {
        label: 'pasted',
        error: 'Paste a definition: this tool file, an OpenAI, Anthropic, Gemini or MCP tool, or a JSON Schema.',
      };
    if (parsed === 'reading') return { label: 'pasted', pending: true };
    return parsed.ok
      ? { label: `pasted (${parsed.source})`, definition: parsed.definition }
      : { label: 'pasted', error: parsed.message };
  }, [source, parsed]);
}

function SidePicker({
  id,
  label,
  value,
  sources,
  onChange,
  pasted,
  onPaste,
}: {
  id: string;
  label: string;
  value: string;
  sources: readonly CompareSource[];
  onChange: (value: string) => void;
  pasted: string;
  onPaste: (text: string) => void;
}) {
  return (
    <div className="compare-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {sources.map((source) => (
          <option key={source.id} value={source.id}>
            {source.label}
          </option>
        ))}
      </select>
      {value === PASTED ? (
        <textarea
          aria-label={`${label}: pasted definition`}
          className="compare-paste"
          spellCheck={false}
          rows={8}
          placeholder='{"name": "read_file", "version": "1.1.0", "inputSchema": {…}}'
          value={pasted}
          onChange={(event) => onPaste(event.target.value)}
        />
      ) : null}
    </div>
  );
}

/** The tool's versions and a Compare view: any two definitions side by side, every change classified. */
export function VersionsCompare({ toolset, tool }: { toolset: ToolsetBundle; tool: ToolDefinition }) {
  // Drawn again when a toolset is imported, renamed or deleted: the same-named tools are looked up afresh.
  useToolsets();
  const toolsetStore = useToolsetStore();
  const others = use(loadSameNamedTools(toolsetStore, toolset.manifest.id, tool.name));
  const sources = useMemo(() => compareSources(toolset, tool, others), [toolset, tool, others]);
  const versions = sources.filter((source) => source.id.startsWith('version:'));
  const [pair, setPair] = useState<[string, string]>(() => defaultPair(sources));
  // Each side keeps its own paste, so switching a side away and back loses nothing typed.
  const [pastes, setPastes] = useState<[string, string]>(['', '']);
  const oldSide = useSide(sources, pair[0], pastes[0], tool.name);
  const newSide = useSide(sources, pair[1], pastes[1], tool.name);
  const result = useMemo(
    () =>
      oldSide.definition && newSide.definition ? diffDefinitions(oldSide.definition, newSide.definition) : undefined,
    [oldSide.definition, newSide.definition],
  );

  return (
    <div className="versions" data-testid="versions">
      <ol className="version-list" aria-label="Versions">
        {versions.map((source) => (
          <li key={source.id}>
            <code>{source.label}</code>
          </li>
        ))}
      </ol>
      <h3>Compare</h3>
      <div className="compare-pickers">
        <SidePicker
          id="compare-old"
          label="Older definition"
          value={pair[0]}
          sources={sources}
          onChange={(value) => setPair([value, pair[1]])}
          pasted={pastes[0]}
          onPaste={(text) => setPastes([text, pastes[1]])}
        />
        <SidePicker
          id="compare-new"
          label="Newer definition"
          value={pair[1]}
          sources={sources}
          onChange={(value) => setPair([pair[0], value])}
          pasted={pastes[1]}
          onPaste={(text) => setPastes([pastes[0], text])}
        />
      </div>
      {[oldSide, newSide].map((side, index) =>
        side.error ? (
          <p
            key={index}
            className="compare-error"
            role={side.label === 'pasted' && pastes[index] !== '' ? 'alert' : undefined}
          >
            {index === 0 ? 'Older' : 'Newer'}: {side.error}
          </p>
        ) : null,
      )}
      {result ? (
        <div className="compare-result" data-testid="compare-result">
          {result.version ? (
            <p className={`version-verdict ${result.version.ok ? 'is-ok' : 'is-wrong'}`} data-testid="version-verdict">
              <span aria-hidden="true">{result.version.ok ? '✓' : '✗'}</span> {result.version.message}
            </p>
          ) : (
            <p className="version-verdict" data-testid="version-verdict">
              The changes call for a {result.required === 'major' ? 'major (breaking)' : result.required} release; one
              side has no version to check.
            </p>
          )}
          <p className="compare-counts">
            {result.changes.length === 0
              ? 'No changes: the two definitions accept and mean the same calls, word for word.'
              : `${result.changes.length} change${result.changes.length === 1 ? '' : 's'}: ${result.counts.breaking} breaking, ${result.counts.minor} minor, ${result.counts.patch} patch.`}
          </p>
          {result.changes.length > 0 ? (
            <DataTable
              label="Changes"
              className="change-table"
              testId="change-table"
              rows={result.changes}
              rowKey={(change, index) => `${change.pointer}-${change.rule}-${index}`}
              columns={[
                {
                  header: 'Class',
                  cell: (change) => (
                    <span className={`change-class change-${change.class}`}>{CLASS_LABEL[change.class]}</span>
                  ),
                },
                { header: 'Where', cell: (change) => <code className="change-pointer">{change.pointer || '/'}</code> },
                { header: 'Why', cell: (change) => change.message },
              ]}
            />
          ) : null}
          <SideBySide
            before={JSON.stringify(oldSide.definition?.inputSchema ?? null, null, 2)}
            after={JSON.stringify(newSide.definition?.inputSchema ?? null, null, 2)}
            beforeLabel={`Older schema, ${oldSide.label}`}
            afterLabel={`Newer schema, ${newSide.label}`}
          />
        </div>
      ) : null}
    </div>
  );
}
