import { lazy, Suspense } from 'react';
import { useRuntimeState, useExplorerState, usePendingDialogs } from '../../services/runtime/useRuntimeState';
import '../../components/result-tabs.css';
import './execution.css';

const WorkspaceDrawer = lazy(() =>
  import('./WorkspaceExplorer').then((module) => ({ default: module.WorkspaceDrawer })),
);
const RuntimeDialogs = lazy(() => import('./RuntimeDialogs').then((module) => ({ default: module.RuntimeDialogs })));

/**
 * The header's way into the workspace, on every page. It also hosts the page-wide drawer and the
 * runtime's dialogs, so a question from a running call reaches the person wherever they are.
 */
export function WorkspaceButton() {
  const runtime = useRuntimeState();
  const { open } = useExplorerState();
  const dialogs = usePendingDialogs();
  return (
    <>
      <button
        type="button"
        className="button button-small ws-header-button"
        onClick={() => runtime.openExplorer()}
        aria-label="Open the workspace files"
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
        >
          <path d="M1.5 3.5h4l1.5 1.5h7.5v8h-13z" strokeLinejoin="round" />
        </svg>
        <span className="ws-header-text">Workspace</span>
      </button>
      <Suspense fallback={null}>
        {open ? <WorkspaceDrawer /> : null}
        {dialogs.length > 0 ? <RuntimeDialogs /> : null}
      </Suspense>
    </>
  );
}
