/**
 * The tool page's door to the Models panel: a button. The panel, the model clients and their styles load when
 * it is pressed, so the tool page's first paint carries none of them.
 */
import { lazy, Suspense, useState } from 'react';
import type { JsonValue, ToolDefinition } from '../../../../core/toolset/types';

const ModelsPanel = lazy(() => import('./ModelsPanel').then((module) => ({ default: module.ModelsPanel })));

export function ModelsPanelOpener({
  toolsetId,
  tool,
  onOpenArguments,
}: {
  toolsetId: string;
  tool: ToolDefinition;
  onOpenArguments: (args: JsonValue) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Send {tool.name} to a model
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          Loading the model panel…
        </p>
      }
    >
      <ModelsPanel toolsetId={toolsetId} tool={tool} onOpenArguments={onOpenArguments} />
    </Suspense>
  );
}
