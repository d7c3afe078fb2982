import { useCallback, useEffect } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { ExecutionPanel } from '../../features/execution/ExecutionPanel';
import { useRuntimeEvents } from '../../services/runtime/useRuntimeClient';
import type { Playground as PlaygroundModel } from '../../features/playground/usePlayground';
import type { RuntimeEvent } from '../../worker/client';
import { createIndexedDbSnapshotStore } from '../../worker/snapshot-store';
import { EMBED_MESSAGE_SOURCE, embedWorkspaceKey, type EmbedParams } from '../../features/embed/protocol';
import type { PostToHost } from '../../features/embed/useHost';

/** The Execute panel of an embed: its calls run in the embed's own workspace and are reported to the host. */
export function EmbedExecution({
  toolsetId,
  tool,
  playground,
  params,
  post,
}: {
  toolsetId: string;
  tool: ToolDefinition;
  playground: PlaygroundModel;
  params: EmbedParams;
  post: PostToHost;
}) {
  // Only this view runs calls, so only it saves a workspace: the workspace goes when the embed does.
  useEffect(() => {
    const drop = () =>
      void createIndexedDbSnapshotStore(indexedDB, undefined, embedWorkspaceKey(params.id))
        .clear()
        .catch(() => undefined);
    window.addEventListener('pagehide', drop);
    return () => window.removeEventListener('pagehide', drop);
  }, [params.id]);
  useRuntimeEvents(
    useCallback(
      (event: RuntimeEvent) => {
        if (event.type !== 'completed') return;
        const { result } = event.record;
        post({
          source: EMBED_MESSAGE_SOURCE,
          id: params.id,
          type: 'executed',
          result: {
            success: result.success,
            message: result.message,
            ...(result.data !== undefined ? { data: result.data } : {}),
            ...(result.error !== undefined ? { error: result.error } : {}),
            ...(result.errorCode !== undefined ? { errorCode: result.errorCode } : {}),
            durationMs: result.durationMs,
          },
        });
      },
      [params.id, post],
    ),
  );
  const valid = playground.parseError === null && playground.result?.valid === true;
  return (
    <section className="embed-execute" aria-label="Execute">
      <ExecutionPanel
        toolsetId={toolsetId}
        tool={tool}
        args={playground.formData}
        valid={valid}
        onLoadArguments={playground.loadArguments}
      />
    </section>
  );
}
