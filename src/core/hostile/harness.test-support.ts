/** Test harness for the hostile suites: both toolsets, full stack (validate → run), over one workspace. */
import { createCompilingValidator } from '../validation/compile';
import { createExecutionService, type ExecutionService } from '../runtime/service';
import { answering } from '../tools/support/context.test-support';
import { implementationsFor } from '../tools';
import { nodeNetwork } from '../tools/prfactory/web/resolve.node.test-support';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { createWorkspace, type WorkspaceImpl } from '../workspace/workspace';

export interface Stack {
  workspace: WorkspaceImpl;
  service: ExecutionService;
  tools: ToolDefinition[];
  /** Every file and link, with content, for "nothing lost" checks. */
  fingerprint(): Promise<string>;
}

export async function createStack(toolsetId: string, files: Record<string, string> = {}): Promise<Stack> {
  const toolset = collection.toolsets.find((candidate) => candidate.manifest.id === toolsetId);
  if (toolset === undefined) throw new Error(`no toolset ${toolsetId}`);
  const workspace = await createWorkspace();
  for (const [relative, content] of Object.entries(files)) await workspace.writeText(relative, content);
  const service = createExecutionService({
    validator: createCompilingValidator(),
    tools: toolset.tools,
    implementations: implementationsFor(toolsetId),
    workspace,
    interaction: answering('yes'),
    approve: async () => true,
    // In Node the web tools resolve once, check every address, and connect to the one checked.
    resolvingNetwork: nodeNetwork,
  });
  return {
    workspace,
    service,
    tools: toolset.tools,
    async fingerprint() {
      const snapshot = await workspace.snapshot();
      const files = Object.entries(snapshot.files).map(
        ([path, bytes]) => `${path}:${bytes.length}:${bytes.slice(0, 64).join(',')}`,
      );
      return JSON.stringify([files.sort(), snapshot.directories, snapshot.symlinks ?? {}]);
    },
  };
}
