/** The Models page, with the runtime that runs a model's calls in agent mode and the runtime's approval dialogs. */
import { lazy, Suspense, useCallback } from 'react';
import { ModelsPage } from '../../features/models/ModelsPage';
import type { CreateExecutor } from '../../features/models/executor';
import { useServices } from '../../services/Services';
// Not useConnections: that would bring the connections' code into this page's chunk.
import { useConnectionsOpened } from '../../services/connections/opened';
import { createExecutor } from './executor';

const RuntimeDialogs = lazy(() =>
  import('../../features/execution/RuntimeDialogs').then((module) => ({ default: module.RuntimeDialogs })),
);

// What a live server asks while a model's call to its tool runs (a form, a page to open, a model answer).
const LiveAsks = lazy(() => import('../LiveAsks').then((module) => ({ default: module.LiveAsks })));

const dialogs = (
  <Suspense fallback={null}>
    <RuntimeDialogs />
  </Suspense>
);

export function ModelsRoute() {
  const services = useServices();
  const executorFor = useCallback<CreateExecutor>(
    (validator, toolsetId, tools, limit) => createExecutor(services, validator, toolsetId, tools, limit),
    [services],
  );
  // Only once a model's call has opened the live connections: the page loads no MCP code until then.
  const live = useConnectionsOpened();
  return (
    <ModelsPage
      createExecutor={executorFor}
      dialogs={
        <>
          {dialogs}
          {live ? (
            <Suspense fallback={null}>
              <LiveAsks />
            </Suspense>
          ) : null}
        </>
      }
    />
  );
}
