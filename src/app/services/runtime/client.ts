/**
 * The page's one runtime client, started with the first call that needs it and kept on the page's runtime state; it
 * feeds the history and the state's stores. Whoever imports this module loads the worker client with it.
 */
import type { RuntimeClient } from '../../worker/client';
import { createRuntimeClient } from '../../worker/sandboxed-client';
import { statusOf } from './history';
import type { RuntimeState } from './state';
import { readDefaultTimeoutMs } from './timeoutSetting';

export function runtimeClient(state: RuntimeState): RuntimeClient {
  if (state.client) return state.client;
  const { workspaceKey } = state;
  const client = createRuntimeClient({
    defaultTimeoutMs: readDefaultTimeoutMs(),
    ...(workspaceKey ? { workspaceKey } : {}),
  });
  client.subscribe((event) => {
    if (event.type !== 'completed') return;
    const { record } = event;
    state.history.add({
      id: record.id,
      ...(record.toolset !== undefined ? { toolset: record.toolset } : {}),
      tool: record.tool,
      summary: record.summary,
      args: record.args,
      status: statusOf(record.result.success, record.result.errorCode),
      ...(record.result.errorCode ? { errorCode: record.result.errorCode } : {}),
      risk: record.risk,
      durationMs: record.result.durationMs,
      startedAt: record.startedAt,
    });
  });
  client.subscribe(state.trackLoading);
  client.subscribe(state.trackDialogs);
  // Loads the workspace while the user reads, once the page's editor is drawn; a call made before starts it then.
  state.editor.after(() => client.start());
  flushWhenHidden(client);
  state.client = client;
  return client;
}

/**
 * Results are persisted before they are shown; this also asks the worker to write anything still
 * pending when the tab is hidden or the page is left, as a last chance before the worker goes away.
 */
function flushWhenHidden(client: RuntimeClient): void {
  if (typeof document === 'undefined' || typeof window === 'undefined') return;
  const flush = (): void => {
    client.request('flush', {}).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}
