import { useCallback } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { ExecutionPanel } from '../execution/ExecutionPanel';
import { useRuntimeEvents } from '../execution/runtime';
import type { Playground as PlaygroundModel } from '../playground/usePlayground';
import type { RuntimeEvent } from '../../worker/client';
import { EMBED_MESSAGE_SOURCE, type EmbedParams } from './protocol';
import type { PostToHost } from './useHost';

/** The Execute panel of an embed: its calls run in the embed's own workspace and are reported to the host. */
export function EmbedExecution({ toolsetId, tool, playground, params, post }: { toolsetId: string; tool: ToolDefinition; playground: PlaygroundModel; params: EmbedParams; post: PostToHost }) {
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
      <ExecutionPanel toolsetId={toolsetId} tool={tool} args={playground.formData} valid={valid} onLoadArguments={playground.loadArguments} />
    </section>
  );
}
