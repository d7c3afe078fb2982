import { lazy, Suspense, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JsonObject, ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { usePage } from '../../lib/page';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { createMemoryStore } from '../../lib/storage';
import { useValidator } from '../../lib/ValidatorContext';
import { Playground } from '../../features/playground/Playground';
import { usePlayground, type Playground as PlaygroundModel } from '../../features/playground/usePlayground';
import { EmbedHeader, OpenLink } from '../../features/embed/EmbedChrome';
import {
  EMBED_MESSAGE_SOURCE,
  type EmbedMessage,
  type EmbedParams,
  type EmbedValidation,
} from '../../features/embed/protocol';
import { useHostMessages, type PostToHost } from '../../features/embed/useHost';

// Only the execute view needs the runtime client, its worker and the result views.
const EmbedExecution = lazy(() => import('./EmbedExecution').then((module) => ({ default: module.EmbedExecution })));

function validationOf({ parseError, result }: Pick<PlaygroundModel, 'parseError' | 'result'>): EmbedValidation {
  if (parseError) return { valid: false, parseError: parseError.message, errors: [] };
  return {
    valid: result?.valid === true,
    errors: (result?.errors ?? []).map(({ parameter, code, message }) => ({ parameter, code, message })),
  };
}

/** The form, editor, playground and execute views: arguments kept in memory, reported to the host. */
export function InteractiveView({
  toolset,
  tool,
  params,
  post,
}: {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
  params: EmbedParams;
  post: PostToHost;
}) {
  // The tool's generated validator (the page loads only this one) before its first verdict.
  const validator = useValidator();
  const page = usePage();
  use(page.part(createPrecompiledLoads).load(validator, tool.inputSchema));
  const [store] = useState(createMemoryStore);
  const toolsetId = toolset.manifest.id;
  const playground = usePlayground(tool, undefined, toolsetId, undefined, {
    store,
    ...(params.arguments !== undefined ? { initialText: params.arguments } : {}),
  });
  const { loadArguments } = playground;
  useHostMessages(params, {
    onArguments: useCallback((args: Record<string, unknown>) => loadArguments(args as JsonObject), [loadArguments]),
    post,
  });

  const { parseError, result } = playground;
  const validation = useMemo(() => validationOf({ parseError, result }), [parseError, result]);
  const lastChange = useRef('');
  useEffect(() => {
    const message: EmbedMessage = {
      source: EMBED_MESSAGE_SOURCE,
      id: params.id,
      type: 'change',
      arguments: playground.formData,
      validation,
    };
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
