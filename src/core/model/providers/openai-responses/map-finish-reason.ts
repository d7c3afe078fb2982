import type { FinishReason } from '../../spec';

/** From the terminal event: completed (with or without calls), or incomplete with its reason. */
export function mapFinishReason(status: string, incompleteReason: string | undefined, hadCalls: boolean): FinishReason {
  if (status === 'completed') return hadCalls ? 'tool-calls' : 'stop';
  if (status === 'incomplete')
    return incompleteReason === 'max_output_tokens'
      ? 'length'
      : incompleteReason === 'content_filter'
        ? 'content-filter'
        : 'other';
  if (status === 'failed') return 'error';
  return 'unknown';
}
