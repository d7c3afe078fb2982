import { lazy, Suspense, useEffect } from 'react';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import { findToolsetEntry } from '../../lib/toolset';
import { EMBED_MESSAGE_SOURCE, type EmbedParams } from './protocol';
import { setEmbedTheme, useHostMessages, type PostToHost } from './useHost';

// Each view loads apart: the docs view needs neither the validator nor the form, the others not the docs' tables.
const InteractiveView = lazy(() => import('./EmbedInteractive').then((module) => ({ default: module.InteractiveView })));
const DocsView = lazy(() => import('./EmbedDocs').then((module) => ({ default: module.DocsView })));

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
  return (
    <Suspense fallback={<p className="muted" role="status">Loading…</p>}>
      {params.view === 'docs' ? <DocsView toolset={entry.toolset} tool={tool} /> : <InteractiveView toolset={entry.toolset} tool={tool} params={params} post={post} />}
    </Suspense>
  );
}
