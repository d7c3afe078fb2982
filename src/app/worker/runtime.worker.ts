/// <reference lib="webworker" />
/**
 * The runtime worker: owns the workspace and the execution service, so a runaway tool (an endless
 * shell loop, a Python script) never blocks the page, and the page can always kill it.
 */
import { createCompilingValidator } from '../../core/validation/compile';
import { validators } from '../../generated/validators.js';
import { bundle, collection } from '../../core/toolset/bundle';
import { implementationsFor } from '../../core/tools';
import { createMockImplementation } from '../../core/runtime/mock';
import { createPyodideRunner } from '../../core/runtime/python';
import { createWorkspace } from '../../core/workspace/workspace';
import { createSampleWorkspace } from '../../core/workspace/sample';
import { isPageToWorkerMessage, type WorkerToPageMessage } from './protocol';
import { createRuntimeHost } from './runtime-host';
import { createIndexedDbSnapshotStore, workspaceKeyFor } from './snapshot-store';

declare const self: DedicatedWorkerGlobalScope;

const LOADING_MESSAGE = 'Loading Python… (first run takes a few seconds)';

// This worker's validator: every bundled schema's generated validator, and imported schemas compiled here.
const validator = createCompilingValidator({ precompiled: validators });
const host = createRuntimeHost({
  validator,
  post: (message: WorkerToPageMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer),
  // The page names the worker after the workspace it owns (an embed has its own).
  store: createIndexedDbSnapshotStore(indexedDB, undefined, workspaceKeyFor(self.name)),
  tools: bundle.tools,
  implementations: implementationsFor(bundle.manifest.id),
  toolsets: Object.fromEntries(
    collection.toolsets
      .filter((toolset) => toolset !== bundle)
      .map((toolset) => [toolset.manifest.id, { tools: toolset.tools, implementations: implementationsFor(toolset.manifest.id) }]),
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
          hooks.onLoading('failed', `Python could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
        }
        return runner.run(script, options);
      },
    };
  },
});

self.onmessage = (event: MessageEvent<unknown>) => {
  if (isPageToWorkerMessage(event.data)) host.handle(event.data);
};
