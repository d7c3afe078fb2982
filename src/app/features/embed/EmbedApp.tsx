import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { JsonObject, ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import { RiskBadge } from '../../components/RiskBadge';
import { toolHref } from '../../lib/router';
import { encodeArgumentsText } from '../../lib/shareLink';
import { createMemoryStore } from '../../lib/storage';
import { findToolsetEntry } from '../../lib/toolset';
import { ExamplesSection } from '../tool-docs/ExamplesSection';
import { ParameterTable } from '../tool-docs/ParameterTable';
import { Playground } from '../playground/Playground';
import { usePlayground, type Playground as PlaygroundModel } from '../playground/usePlayground';
import { EMBED_MESSAGE_SOURCE, type EmbedMessage, type EmbedParams, type EmbedValidation } from './protocol';
import { setEmbedTheme, useHostMessages, type PostToHost } from './useHost';

// Only the execute view needs the runtime client, its worker and the result views.
const EmbedExecution = lazy(() => import('./EmbedExecution').then((module) => ({ default: module.EmbedExecution })));

function validationOf(playground: PlaygroundModel): EmbedValidation {
  if (playground.parseError) return { valid: false, parseError: playground.parseError.message, errors: [] };
  const result = playground.result;
  return {
    valid: result?.valid === true,
    errors: (result?.errors ?? []).map(({ parameter, code, message }) => ({ parameter, code, message })),
  };
}

function OpenLink({ toolsetId, tool, text }: { toolsetId: string; tool: ToolDefinition; text?: string }) {
  const href = new URL(`./${toolHref(toolsetId, tool.name, text === undefined ? undefined : encodeArgumentsText(text))}`, window.location.href).href;
  return (
    <a className="embed-open-link" href={href} target="_blank" rel="noopener">
      Open in the playground <span aria-hidden="true">↗</span>
    </a>
  );
}

function EmbedHeader({ tool, children }: { tool: ToolDefinition; children: ReactNode }) {
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
        onTry={(args) => window.open(new URL(`./${toolHref(toolset.manifest.id, tool.name, encodeArgumentsText(JSON.stringify(args, null, 2)))}`, window.location.href).href, '_blank', 'noopener')}
      />
    </>
  );
}

function InteractiveView({ toolset, tool, params, post }: { toolset: ToolsetBundle; tool: ToolDefinition; params: EmbedParams; post: PostToHost }) {
  const [store] = useState(createMemoryStore);
  const toolsetId = toolset.manifest.id;
  const playground = usePlayground(tool, undefined, toolsetId, undefined, { store, ...(params.arguments !== undefined ? { initialText: params.arguments } : {}) });
  const { loadArguments } = playground;
  useHostMessages(params, { onArguments: useCallback((args: Record<string, unknown>) => loadArguments(args as JsonObject), [loadArguments]) });

  const validation = useMemo(() => validationOf(playground), [playground.parseError, playground.result]);
  const lastChange = useRef('');
  useEffect(() => {
    const message: EmbedMessage = { source: EMBED_MESSAGE_SOURCE, id: params.id, type: 'change', arguments: playground.formData, validation };
    const key = JSON.stringify([message.arguments, message.validation]);
    if (key === lastChange.current) return;
    lastChange.current = key;
    post(message);
  }, [playground.formData, validation, params.id, post]);

  const panes = params.view === 'form' ? 'form' : params.view === 'editor' ? 'editor' : 'both';
  return (
    <>
      <EmbedHeader tool={tool}>
        <OpenLink toolsetId={toolsetId} tool={tool} text={playground.text} />
      </EmbedHeader>
      <Playground tool={tool} playground={playground} panes={panes} embedded />
      {params.view === 'execute' ? (
        <Suspense fallback={<p className="muted">Loading the runtime…</p>}>
          <EmbedExecution toolsetId={toolsetId} tool={tool} playground={playground} params={params} post={post} />
        </Suspense>
      ) : null}
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
  return params.view === 'docs' ? <DocsView toolset={entry.toolset} tool={tool} /> : <InteractiveView toolset={entry.toolset} tool={tool} params={params} post={post} />;
}
