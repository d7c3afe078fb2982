import type { ReactNode } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { toolHref } from '../../lib/router';
import { encodeArgumentsText } from '../../lib/shareLink';

/** The site's address of this tool (with these arguments), relative to the embed page. */
export function siteToolHref(toolsetId: string, toolName: string, text?: string): string {
  return new URL(toolHref(toolsetId, toolName, text === undefined ? undefined : encodeArgumentsText(text)), window.location.href).href;
}

export function OpenLink({ toolsetId, tool, text }: { toolsetId: string; tool: ToolDefinition; text?: string }) {
  const href = siteToolHref(toolsetId, tool.name, text);
  return (
    <a className="embed-open-link" href={href} target="_blank" rel="noopener">
      Open in the playground <span aria-hidden="true">↗</span>
    </a>
  );
}

export function EmbedHeader({ tool, children }: { tool: ToolDefinition; children: ReactNode }) {
  return (
    <header className="embed-header">
      <div className="embed-title">
        <code className="tool-name">{tool.name}</code>
        <RiskBadge level={tool.riskLevel} />
        <span className="embed-title-text muted">{tool.title}</span>
      </div>
      {children}
    </header>
  );
}

