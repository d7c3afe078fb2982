import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { toolHref } from '../../lib/hrefs';
import { encodeArgumentsTextAsync } from '../../lib/shareLinkAsync';

/** The site's address of this tool (with these arguments, encoded for a link), relative to the embed page. */
export function siteToolHref(toolsetId: string, toolName: string, encodedArguments?: string): string {
  return new URL(toolHref(toolsetId, toolName, encodedArguments), window.location.href).href;
}

/**
 * The site's page of this tool, with `text` as its arguments when given. The link's text is compressed by the
 * browser a moment after each edit (the embed does not load fflate); a click before that waits for it.
 */
export function OpenLink({ toolsetId, tool, text }: { toolsetId: string; tool: ToolDefinition; text?: string }) {
  const [encoded, setEncoded] = useState<{ text: string; value: string } | null>(null);
  useEffect(() => {
    if (text === undefined) return;
    let current = true;
    void encodeArgumentsTextAsync(text).then((value) => current && setEncoded({ text, value }));
    return () => {
      current = false;
    };
  }, [text]);
  const ready = text === undefined || encoded?.text === text;
  const href = siteToolHref(toolsetId, tool.name, text !== undefined && ready ? encoded?.value : undefined);
  const openWhenEncoded = (event: MouseEvent<HTMLAnchorElement>) => {
    if (ready || text === undefined) return;
    event.preventDefault();
    void encodeArgumentsTextAsync(text).then((value) =>
      window.open(siteToolHref(toolsetId, tool.name, value), '_blank', 'noopener'),
    );
  };
  return (
    <a className="embed-open-link" href={href} target="_blank" rel="noopener" onClick={openWhenEncoded}>
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
