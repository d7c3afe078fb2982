/** The Models page, with the runtime that runs a model's calls in agent mode and the runtime's approval dialogs. */
import { lazy, Suspense, useCallback } from 'react';
import { ModelsPage } from '../../features/models/ModelsPage';
import type { CreateExecutor } from '../../features/models/executor';
import { useServices } from '../../services/Services';
import { createExecutor } from './executor';

const RuntimeDialogs = lazy(() =>
  import('../../features/execution/RuntimeDialogs').then((module) => ({ default: module.RuntimeDialogs })),
);

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
  return <ModelsPage createExecutor={executorFor} dialogs={dialogs} />;
}
