import type { FinishReason } from '../../spec';

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

export function mapFinishReason(reason: string | undefined, hadCalls: boolean): FinishReason {
  if (reason === undefined) return 'unknown';
  if (reason === 'STOP') return hadCalls ? 'tool-calls' : 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content-filter';
  return 'other';
}
