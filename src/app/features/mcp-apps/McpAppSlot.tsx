/**
 * Where a live tool's result is shown: the tool's own interface when its definition names one (MCP Apps,
 * `_meta.ui.resourceUri`). The bridge and the frame load only for such a tool.
 */
import { lazy, Suspense } from 'react';
import { appResourceUri } from '../../../core/mcp/apps/resource';
import { useConnection } from '../../services/connections/useConnections';
import type { LiveAppCall } from './McpAppView';

const McpAppView = lazy(() => import('./McpAppView').then((module) => ({ default: module.McpAppView })));

export function McpAppSlot({ url, toolName, call }: { url: string; toolName: string; call: LiveAppCall }) {
  const connection = useConnection(url);
  const tool = connection?.tools.find((listed) => listed.name === toolName);
  const uri = tool ? appResourceUri(tool) : undefined;
  if (!tool || !uri || !connection) return null;
  return (
    <Suspense fallback={<p className="muted small">Loading the tool’s interface…</p>}>
      <McpAppView key={call.id} url={url} tool={tool} uri={uri} call={call} />
    </Suspense>
  );
}
