import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { downloadFile } from '../../lib/download';
import type { FileMark, FileView, WorkspaceTree, WorkspaceTreeEntry } from '../../worker/protocol';
import { HighlightedFile } from './HighlightedFile';
import { Modal } from '../../components/Modal';
import '../../components/result-tabs.css';
import './execution.css';
import { useRuntimeState, useExplorerState, useSingleton } from '../../services/runtime/useRuntimeState';
import { runtimeClient } from '../../services/runtime/client';
import { useWorkspaceTree } from '../../services/runtime/useRuntimeClient';

interface TreeNode {
  name: string;
  path: string;
  entry?: WorkspaceTreeEntry;
  children: Map<string, TreeNode>;
}

/** Nest the flat, sorted file list into directories (directories first, then files). */
function nestEntries(entries: WorkspaceTreeEntry[]): TreeNode {
  const root: TreeNode = { name: '', path: '', children: new Map() };
  for (const entry of entries) {
    const parts = entry.path.split('/');
    let node = root;
    parts.forEach((part, index) => {
      const path = parts.slice(0, index + 1).join('/');
      let child = node.children.get(part);
      if (!child) {
        child = { name: part, path, children: new Map() };
        node.children.set(part, child);
      }
      if (index === parts.length - 1) child.entry = entry;
      node = child;
    });
  }
  return root;
}

const MARK_LABELS: Record<Exclude<FileMark, 'unchanged'>, { letter: string; word: string }> = {
  new: { letter: 'N', word: 'new' },
  modified: { letter: 'M', word: 'modified' },
  deleted: { letter: 'D', word: 'deleted' },
};

function directoryMark(node: TreeNode): FileMark {
  for (const child of node.children.values()) {
    if (child.entry && child.entry.mark !== 'unchanged') return 'modified';
    if (!child.entry && directoryMark(child) !== 'unchanged') return 'modified';
  }
  return 'unchanged';
}

function sortedChildren(node: TreeNode): TreeNode[] {
  return [...node.children.values()].sort((left, right) => {
    const leftIsDirectory = !left.entry;
    const rightIsDirectory = !right.entry;
    if (leftIsDirectory !== rightIsDirectory) return leftIsDirectory ? -1 : 1;
    return left.name.localeCompare(right.name);
  });
}

function TreeLevel({
  node,
  selected,
  onOpen,
}: {
  node: TreeNode;
  selected: string | null;
  onOpen: (path: string) => void;
}) {
  return (
    <ul className="ws-tree-level">
      {sortedChildren(node).map((child) =>
        child.entry ? (
          <li key={child.path} className={`ws-file ws-mark-${child.entry.mark}`}>
            {child.entry.mark === 'deleted' ? (
              <span className="ws-file-name ws-deleted" title={`${child.path} (deleted since the last commit)`}>
                {child.name}
              </span>
            ) : (
              <button
                type="button"
                className={`ws-file-name ${selected === child.path ? 'ws-selected' : ''}`}
                aria-current={selected === child.path ? 'true' : undefined}
                onClick={() => onOpen(child.path)}
                title={child.path}
              >
                {child.name}
              </button>
            )}
            {child.entry.mark !== 'unchanged' ? (
              <span
                className={`ws-mark ws-mark-badge-${child.entry.mark}`}
                title={MARK_LABELS[child.entry.mark].word}
                data-mark={child.entry.mark}
              >
                <span aria-hidden="true">{MARK_LABELS[child.entry.mark].letter}</span>
                <span className="exec-sr-only"> ({MARK_LABELS[child.entry.mark].word})</span>
              </span>
            ) : null}
          </li>
        ) : (
          <li key={child.path} className="ws-directory">
            <details open>
              <summary>
                <span
                  className={`ws-directory-name ${directoryMark(child) !== 'unchanged' ? 'ws-directory-changed' : ''}`}
                >
                  {child.name}/
                </span>
              </summary>
              <TreeLevel node={child} selected={selected} onOpen={onOpen} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

interface WorkspaceExplorerProps {
  /** Load the tree (false while hidden, to spare the worker). */
  active?: boolean;
  heading?: 'h2' | 'h3';
}

/** The workspace's files with their git marks, and the workspace-wide actions. */
export function WorkspaceExplorer({ active = true, heading = 'h3' }: WorkspaceExplorerProps) {
  const runtime = useRuntimeState();
  const { tree, error, refresh } = useWorkspaceTree(active);
  const { selected } = useExplorerState();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const root = useMemo(() => nestEntries(tree?.entries ?? []), [tree]);
  const Heading = heading;
  const counts = useMemo(() => countMarks(tree), [tree]);

  const run = async (label: string, action: () => Promise<string>) => {
    setStatus(`${label}…`);
    try {
      setStatus(await action());
      refresh();
    } catch (thrown) {
      setStatus(`${label} failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  };

  const onImport = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void run('Importing', async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const imported = await runtimeClient(runtime).request('import-zip', { bytes });
      return `Imported ${file.name}: ${imported.entries.length} files`;
    });
  };

  return (
    <div className="ws-explorer" data-testid="workspace-explorer">
      <div className="ws-explorer-head">
        <Heading className="ws-title">Workspace</Heading>
        {tree?.branch ? (
          <span className="ws-branch muted" title="Current branch">
            ⎇ {tree.branch}
          </span>
        ) : null}
      </div>
      <div className="ws-actions" role="toolbar" aria-label="Workspace actions">
        <button type="button" className="button button-small" onClick={() => setConfirmingReset(true)}>
          Reset
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() =>
            void run('Exporting', async () => {
              const bytes = await runtimeClient(runtime).request('export-zip', {});
              downloadFile('workspace.zip', bytes, 'application/zip');
              return `Exported workspace.zip (${Math.ceil(bytes.byteLength / 1024)} KB)`;
            })
          }
        >
          Export zip
        </button>
        <button type="button" className="button button-small" onClick={() => fileInput.current?.click()}>
          Import zip
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".zip,application/zip"
          className="exec-sr-only"
          tabIndex={-1}
          aria-label="Zip file to import"
          onChange={onImport}
        />
      </div>
      {status ? (
        <p className="ws-status muted" role="status">
          {status}
        </p>
      ) : null}
      {counts ? <p className="ws-counts muted">{counts}</p> : null}
      {error ? (
        <p className="ws-error" role="alert">
          {error}{' '}
          <button type="button" className="button button-small" onClick={refresh}>
            Retry
          </button>
        </p>
      ) : null}
      {tree?.statusError ? <p className="muted ws-status-error">Changes are not marked: {tree.statusError}</p> : null}
      {tree ? (
        <nav className="ws-tree" aria-label="Workspace files">
          <TreeLevel node={root} selected={selected?.path ?? null} onOpen={(path) => runtime.openExplorer({ path })} />
        </nav>
      ) : error ? null : (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the workspace…
        </p>
      )}
      {confirmingReset ? (
        <Modal
          title="Reset the workspace?"
          onCancel={() => setConfirmingReset(false)}
          className="exec-destructive"
          initialFocus=".exec-cancel-action"
        >
          <p>
            Every change, file and commit since the sample project was loaded is lost. Export a zip first to keep them.
          </p>
          <div className="exec-modal-actions">
            <button type="button" className="button exec-cancel-action" onClick={() => setConfirmingReset(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setConfirmingReset(false);
                runtime.selectExplorerFile(null);
                void run('Resetting', async () => {
                  await runtimeClient(runtime).request('reset', {});
                  return 'The sample project was restored.';
                });
              }}
            >
              Reset workspace
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

function countMarks(tree: WorkspaceTree | null): string | null {
  if (!tree) return null;
  const counts = { new: 0, modified: 0, deleted: 0 };
  for (const entry of tree.entries) if (entry.mark !== 'unchanged') counts[entry.mark] += 1;
  const files = tree.entries.filter((entry) => entry.mark !== 'deleted').length;
  const changes = [`${counts.new} new`, `${counts.modified} modified`, `${counts.deleted} deleted`].filter(
    (text) => !text.startsWith('0 '),
  );
  return `${files} files${changes.length > 0 ? ` · ${changes.join(', ')} since the last commit` : ''}`;
}

/** The file chosen in the explorer, highlighted. */
function FileViewer({ path, line }: { path: string; line?: number }) {
  const runtime = useRuntimeState();
  const [file, setFile] = useState<FileView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setFile(null);
    setError(null);
    runtimeClient(runtime)
      .request('read-file', { path })
      .then(
        (view) => {
          if (!cancelled) setFile(view);
        },
        (thrown: unknown) => {
          if (!cancelled) setError(thrown instanceof Error ? thrown.message : String(thrown));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [path, runtime]);
  return (
    <section className="ws-viewer" aria-label={`File ${path}`}>
      <p className="ws-viewer-path">
        <code>{path}</code>
        {file ? <span className="muted"> · {file.size} bytes</span> : null}
      </p>
      {error ? (
        <p className="ws-error" role="alert">
          {error}
        </p>
      ) : !file ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : file.binary ? (
        <p className="muted">Binary file, not shown.</p>
      ) : (
        <HighlightedFile path={file.path} content={file.content} focusLine={line} maxHeight={10_000} />
      )}
    </section>
  );
}

/** The explorer as a drawer over the page, opened from the header, the Execute panel and file links. */
export function WorkspaceDrawer() {
  const runtime = useRuntimeState();
  const owner = useSingleton('workspace-drawer');
  const { open, selected } = useExplorerState();
  if (!owner || !open) return null;
  return (
    <Modal title="Workspace files" onCancel={runtime.closeExplorer} className="ws-drawer">
      <button
        type="button"
        className="button button-small ws-drawer-close"
        onClick={runtime.closeExplorer}
        aria-label="Close the workspace"
      >
        ✕
      </button>
      <div className="ws-drawer-body">
        <WorkspaceExplorer heading="h3" />
        {selected ? (
          <FileViewer key={`${selected.path}:${selected.line ?? ''}`} path={selected.path} line={selected.line} />
        ) : (
          <p className="muted ws-viewer-empty">Choose a file to view it.</p>
        )}
      </div>
    </Modal>
  );
}
