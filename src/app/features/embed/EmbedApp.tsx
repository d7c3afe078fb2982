import { lazy, Suspense, useEffect } from 'react';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import { findToolsetEntry } from '../../lib/toolset';
import { ExamplesSection } from '../tool-docs/ExamplesSection';
import { ParameterTable } from '../tool-docs/ParameterTable';
import { EmbedHeader, OpenLink, siteToolHref } from './EmbedChrome';
import { EMBED_MESSAGE_SOURCE, type EmbedParams } from './protocol';
import { setEmbedTheme, useHostMessages, type PostToHost } from './useHost';

// The docs view needs neither the validator nor the form: the interactive views load apart.
const InteractiveView = lazy(() => import('./EmbedInteractive').then((module) => ({ default: module.InteractiveView })));

function DocsView({ toolset, tool }: { toolset: ToolsetBundle; tool: ToolDefinition }) {
  return (
    <>
      <EmbedHeader tool={tool}>
        <OpenLink toolsetId={toolset.manifest.id} tool={tool} />
      </EmbedHeader>
      <p className="tool-description">{tool.description}</p>
      <h2 className="embed-section-title">Parameters</h2>
      <ParameterTable tool={tool} />
      <h2 className="embed-section-title">Examples</h2>
      <ExamplesSection
        tool={tool}
        onTry={(args) => window.open(siteToolHref(toolset.manifest.id, tool.name, JSON.stringify(args, null, 2)), '_blank', 'noopener')}
      />
    </>
  );
}

/** One tool, one view, no site header or footer: what `<tool-playground>` frames. */
export function EmbedApp({ params, post }: { params: EmbedParams; post: PostToHost }) {
  const toolsetId = params.toolset ?? DEFAULT_TOOLSET_ID;
  const entry = findToolsetEntry(toolsetId);
  const tool = entry?.toolset.tools.find((candidate) => candidate.name === params.tool);
  useHostMessages(params, { onTheme: setEmbedTheme });

  useEffect(() => {
    if (!entry || !tool) return;
    document.title = `${tool.name} · Tool Schema Playground`;
    post({ source: EMBED_MESSAGE_SOURCE, id: params.id, type: 'ready', toolset: toolsetId, tool: tool.name, view: params.view });
  }, [entry, tool, toolsetId, params.id, params.view, post]);

  const problem = !entry
    ? `There is no toolset “${toolsetId}”: the toolset attribute takes the id of a toolset this site bundles.`
    : !tool
      ? `There is no tool “${params.tool}” in ${entry.toolset.manifest.name}: the tool attribute takes one of ${entry.toolset.tools.map((candidate) => candidate.name).join(', ')}.`
      : null;
  useEffect(() => {
    if (problem) post({ source: EMBED_MESSAGE_SOURCE, id: params.id, type: 'error', message: problem });
  }, [problem, params.id, post]);

  if (problem || !entry || !tool) {
    return (
      <div className="embed-problem" role="alert">
        <p>{problem}</p>
      </div>
    );
  }
  if (params.view === 'docs') return <DocsView toolset={entry.toolset} tool={tool} />;
  return (
    <Suspense fallback={<p className="muted" role="status">Loading…</p>}>
      <InteractiveView toolset={entry.toolset} tool={tool} params={params} post={post} />
    </Suspense>
  );
}
