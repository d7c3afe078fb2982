/// <reference lib="webworker" />
/**
 * The runtime worker: owns the workspace and the execution service, so a runaway tool (an endless
 * shell loop, a Python script) never blocks the page, and the page can always kill it.
 *
 * It runs inside the runtime frame (public/runtime-sandbox.html): an opaque origin whose policy forbids every
 * connection. The page hands it a port; the workspace snapshot, the site's own files and a web tool's request
 * go through the page (./runtime-services), and nothing else leaves.
 */
import { createCompilingValidator } from '../../core/validation/compile';
import { validators } from '../../generated/validators.js';
import siteMocks from '../../generated/site-mocks.json';
import { bundle, collection } from '../../core/toolset/bundle';
import type { ToolsetBundle } from '../../core/toolset/types';
import type { ToolImplementation } from '../../core/runtime/types';
import { implementationsFor } from '../../core/tools';
import { createMockImplementation, type MockSpec } from '../../core/runtime/mock';
import { createNoCodeImplementation } from '../../core/runtime/no-code';
import { createPyodideRunner } from '../../core/runtime/python';
import { createWorkspace } from '../../core/workspace/workspace';
import { createSampleWorkspace } from '../../core/workspace/sample';
import { isPageToWorkerMessage, type CallEvent, type PageToWorkerMessage, type WorkerToPageMessage } from './protocol';
import { serveRequests, type WorkerEventEnvelope } from './worker-client';
import { createRuntimeHost } from './runtime-host';
import { createHostCaller, isHostMessage } from './host-channel';
import { createAssetFetch, createCallFetch, createRelayedSnapshotStore } from './runtime-services';

const LOADING_MESSAGE = 'Loading Python… (first run takes a few seconds)';

// This worker's validator: every bundled schema's generated validator, and imported schemas compiled here.
const validator = createCompilingValidator({ precompiled: validators });
/**
 * A toolset's implementations, and for each tool that has none, the mock its site was built with (site-mocks.json):
 * fixed JSON or a sandboxed function. A tool with neither checks its arguments and answers that it has no code here.
 */
function withMocks(toolset: ToolsetBundle): Map<string, ToolImplementation> {
  const implementations = implementationsFor(toolset.manifest.id);
  const mocks = (siteMocks as Record<string, Record<string, MockSpec>>)[toolset.manifest.id] ?? {};
  for (const tool of toolset.tools) {
    if (implementations.has(tool.name)) continue;
    implementations.set(
      tool.name,
      Object.hasOwn(mocks, tool.name)
        ? createMockImplementation(tool, validator, mocks[tool.name]!)
        : createNoCodeImplementation(tool),
    );
  }
  return implementations;
}
function start(port: MessagePort): void {
  const hostCalls = createHostCaller(port);
  // Every fetch of this worker's code (Pyodide, QuickJS and the grammars load their files with it) reads the site's
  // own files through the page; the frame's policy refuses any other connection as well.
  globalThis.fetch = createAssetFetch(hostCalls, new URL(import.meta.url).origin);
  const host = createRuntimeHost({
    validator,
    post: (message: WorkerToPageMessage) =>
      port.postMessage({ event: message } satisfies WorkerEventEnvelope<WorkerToPageMessage>),
    // The page keeps the snapshot of the workspace this worker was named after (an embed has its own).
    store: createRelayedSnapshotStore(hostCalls),
    fetchFor: (callId) => createCallFetch(hostCalls, callId),
    tools: bundle.tools,
    implementations: implementationsFor(bundle.manifest.id),
    // Every toolset by its id, the home one too (a built site's home toolset is not the default one).
    toolsets: Object.fromEntries(
      collection.toolsets.map((toolset) => [
        toolset.manifest.id,
        { tools: toolset.tools, implementations: withMocks(toolset) },
      ]),
    ),
    createImported: ({ definition, mock }) => createMockImplementation(definition, validator, mock),
    restoreWorkspace: (snapshot) => createWorkspace(snapshot),
    createSampleWorkspace: () => createSampleWorkspace(),
    createPython(hooks, currentWorkspace) {
      const runner = createPyodideRunner({
        workspace: currentWorkspace,
        // Self-hosted next to the built assets (see scripts/vite-static-assets.ts).
        indexURL: new URL('../vendor/pyodide/', import.meta.url).href,
      });
      return {
        async run(script, options) {
          if (runner.isLoaded()) return runner.run(script, options);
          hooks.onLoading('loading', LOADING_MESSAGE);
          try {
            await runner.load();
            hooks.onLoading('ready', 'Python is ready');
          } catch (error) {
            hooks.onLoading(
              'failed',
              `Python could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
          return runner.run(script, options);
        },
        heapBytes: () => runner.heapBytes(),
      };
    },
  });

  // The page's requests (the runtime client's) and the answers to this worker's own (./host-channel) share the port.
  const requests = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    postMessage: port.postMessage.bind(port),
  };
  serveRequests<PageToWorkerMessage, unknown, CallEvent>(requests, (message, progress, transfer) =>
    isPageToWorkerMessage(message)
      ? host.serve(message, progress, transfer)
      : Promise.reject(new Error('Unknown request')),
  );
  port.onmessage = (event: MessageEvent<unknown>) => {
    if (isHostMessage(event.data)) hostCalls.receive(event.data);
    else requests.onmessage?.(event);
  };
}

declare const self: DedicatedWorkerGlobalScope;

/**
 * The runtime frame's loader imports this module, then hands it the page's port as a message event (a worker
 * started from an opaque origin can only be a classic one, whose imported module exports nothing to it).
 */
const onConnect = (event: MessageEvent<unknown>) => {
  const data = event.data as { type?: unknown } | null;
  const port = event.ports[0];
  if (data?.type !== 'connect-runtime' || !port) return;
  self.removeEventListener('message', onConnect);
  start(port);
};
self.addEventListener('message', onConnect);
