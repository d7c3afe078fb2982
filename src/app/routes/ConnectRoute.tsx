/** Connect to a live MCP server and work with what it offers; a prompt it returns can be sent on to the Models page. */
import { lazy, Suspense } from 'react';
import { ConnectPage } from '../features/connect/ConnectPage';
import { sendPromptToModels } from './connectHandoff';

// What a server asks during a call (a form, a page to open, a model answer) shows over the page.
const LiveAsks = lazy(() => import('./LiveAsks').then((module) => ({ default: module.LiveAsks })));

export function ConnectRoute() {
  return (
    <>
      <ConnectPage sendToModel={sendPromptToModels} />
      <Suspense fallback={null}>
        <LiveAsks />
      </Suspense>
    </>
  );
}
