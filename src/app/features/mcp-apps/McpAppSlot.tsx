/**
 * Where a live tool's result is shown: the tool's own interface when its definition names one (MCP Apps,
 * `_meta.ui.resourceUri`). The bridge and the frame load only for such a tool.
 */
import { lazy, Suspense, useState } from 'react';
import { appResourceUri } from '../../../core/mcp/apps/resource';
import { useConnection } from '../../services/connections/useConnections';
import type { LiveAppCall } from './McpAppView';
import { framesMoveRunning } from './retireFrame';

const McpAppView = lazy(() => import('./McpAppView').then((module) => ({ default: module.McpAppView })));

export function McpAppSlot({ url, toolName, call }: { url: string; toolName: string; call: LiveAppCall }) {
  const connection = useConnection(url);
  // The views of earlier calls whose apps are told they close, in a browser that cannot move their frames out running.
  const [retiring, setRetiring] = useState<LiveAppCall[]>([]);
  const [shown, setShown] = useState(call);
  if (shown.id !== call.id) {
    setShown(call);
    if (!framesMoveRunning(document))
      setRetiring((list) => (list.some((entry) => entry.id === shown.id) ? list : [...list, shown]));
  }
  const tool = connection?.tools.find((listed) => listed.name === toolName);
  const uri = tool ? appResourceUri(tool) : undefined;
  if (!tool || !uri || !connection) return null;
  const views = retiring.map((earlier) => (
    <McpAppView
      key={earlier.id}
      url={url}
      tool={tool}
      uri={uri}
      call={earlier}
      retiring
      onRetired={() => setRetiring((list) => list.filter((entry) => entry.id !== earlier.id))}
    />
  ));
  return (
    <Suspense fallback={<p className="muted small">Loading the tool’s interface…</p>}>
      {[...views, <McpAppView key={call.id} url={url} tool={tool} uri={uri} call={call} />]}
    </Suspense>
  );
}
