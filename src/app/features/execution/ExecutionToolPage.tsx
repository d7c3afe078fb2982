import { use } from 'react';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { loadPrecompiledValidator } from '../../lib/precompiledValidators';
import { ToolPage, type ToolPageSlotContext } from '../tool-docs/ToolPage';
import { ExecutionPanel } from './ExecutionPanel';
import { WorkspaceExplorer } from './WorkspaceExplorer';

function ExecutionSlot({ toolset, tool, playground }: ToolPageSlotContext) {
  // While a large text is being checked, the verdict (and the arguments) are of an earlier text: not runnable yet.
  const valid = !playground.checking && playground.parseError === null && playground.result?.valid === true;
  return <ExecutionPanel toolsetId={toolset.manifest.id} tool={tool} args={playground.formData} valid={valid} onLoadArguments={playground.loadArguments} />;
}

/** What the page awaits before its first render, so that render does not wait: the tool's generated validator. */
export function prepareToolPage(tool: ToolDefinition): Promise<void> {
  return loadPrecompiledValidator(tool.inputSchema);
}

/** The tool page with the Execute panel under the playground and the workspace beside it. */
export function ExecutionToolPage({ toolset, tool, sharedArguments }: { toolset: ToolsetBundle; tool: ToolDefinition; sharedArguments?: string }) {
  // The tool's generated validator (the page loads only this one) before the page's first verdict and audit.
  use(loadPrecompiledValidator(tool.inputSchema));
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
