import { lazy, Suspense, use, useEffect } from 'react';
import { homeToolsetId } from '../../../core/toolset/collection';
import { SITE_NAME } from '../../lib/pageTitle';
import { bundledManifests, bundledToolNames } from '../../lib/bundledTools';
import { useServices } from '../../services/Services';
import { EMBED_MESSAGE_SOURCE, type EmbedParams } from '../../features/embed/protocol';
import { useHostMessages, type PostToHost, type SetEmbedTheme } from '../../features/embed/useHost';

// Each view loads apart: the docs view needs neither the validator nor the form, the others not the docs' tables.
const InteractiveView = lazy(() =>
  import('./EmbedInteractive').then((module) => ({ default: module.InteractiveView })),
);
const DocsView = lazy(() => import('./EmbedDocs').then((module) => ({ default: module.DocsView })));

/** The view, once the tool's definition (a module of its own) has arrived. */
function View({
  toolsetId,
  name,
  params,
  post,
}: {
  toolsetId: string;
  name: string;
  params: EmbedParams;
  post: PostToHost;
}) {
  const found = use(useServices().toolsets.loadTool(toolsetId, name));
  if (!found) return null;
  return params.view === 'docs' ? (
    <DocsView toolset={found.toolset} tool={found.tool} />
  ) : (
    <InteractiveView toolset={found.toolset} tool={found.tool} params={params} post={post} />
  );
}

/** One tool, one view, no site header or footer: what `<tool-playground>` frames. */
export function EmbedRoute({
  params,
  post,
  setTheme,
}: {
  params: EmbedParams;
  post: PostToHost;
  setTheme: SetEmbedTheme;
}) {
  const toolsetId = params.toolset ?? homeToolsetId();
  const manifest = bundledManifests().find((candidate) => candidate.id === toolsetId);
  const names = bundledToolNames(toolsetId) ?? [];
  const known = manifest !== undefined && names.includes(params.tool);
  useHostMessages(params, { onTheme: setTheme });

  useEffect(() => {
    if (!known) return;
    document.title = `${params.tool} · ${SITE_NAME}`;
    post({
      source: EMBED_MESSAGE_SOURCE,
      id: params.id,
      type: 'ready',
      toolset: toolsetId,
      tool: params.tool,
      view: params.view,
    });
  }, [known, toolsetId, params.tool, params.id, params.view, post]);

  const problem = !manifest
    ? `There is no toolset “${toolsetId}”: the toolset attribute takes the id of a toolset this site bundles.`
    : !known
      ? `There is no tool “${params.tool}” in ${manifest.name}: the tool attribute takes one of ${names.join(', ')}.`
      : null;
  useEffect(() => {
    if (problem) post({ source: EMBED_MESSAGE_SOURCE, id: params.id, type: 'error', message: problem });
  }, [problem, params.id, post]);

  if (problem) {
    return (
      <div className="embed-problem" role="alert">
        <p>{problem}</p>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          Loading…
        </p>
      }
    >
      <View toolsetId={toolsetId} name={params.tool} params={params} post={post} />
    </Suspense>
  );
}
