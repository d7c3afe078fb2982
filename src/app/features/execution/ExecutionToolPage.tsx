import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { ToolPage, type ToolPageSlotContext } from '../tool-docs/ToolPage';
import { ExecutionPanel } from './ExecutionPanel';
import { WorkspaceExplorer } from './WorkspaceExplorer';

function ExecutionSlot({ toolset, tool, playground }: ToolPageSlotContext) {
  const valid = playground.parseError === null && playground.result?.valid === true;
  return <ExecutionPanel toolsetId={toolset.manifest.id} tool={tool} args={playground.formData} valid={valid} onLoadArguments={playground.loadArguments} />;
}

/** The tool page with the Execute panel under the playground and the workspace beside it. */
export function ExecutionToolPage({ toolset, tool, sharedArguments }: { toolset: ToolsetBundle; tool: ToolDefinition; sharedArguments?: string }) {
  return (
    <ToolPage
      toolset={toolset}
      tool={tool}
      sharedArguments={sharedArguments}
      renderBelowPlayground={(context) => <ExecutionSlot {...context} />}
      renderSidePanel={() => <WorkspaceExplorer heading="h2" />}
    />
  );
}
