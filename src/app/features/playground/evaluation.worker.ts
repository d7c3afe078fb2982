/// <reference lib="webworker" />
/** Parses and validates large argument texts off the page's thread (see LARGE_TEXT_CHARS). */
import { createCompilingValidator } from '../../../core/validation/compile';
import type { ToolDefinition } from '../../../core/toolset/types';
import { serveRequests } from '../../worker/worker-client';
import { evaluateText, type Evaluation } from './evaluation';
import { markersFor } from './monaco/markers';

export interface EvaluationRequest {
  tool: ToolDefinition;
  text: string;
}

/** The text is what the page already holds: only the verdict travels back. */
export type EvaluationReply = Omit<Evaluation, 'checkedText'>;

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: schemas without a validator generated at build time (imported ones) are compiled here.
const validator = createCompilingValidator();

serveRequests<EvaluationRequest, EvaluationReply>(self, ({ tool, text }) => {
  const { checkedText: _sameText, ...evaluation } = evaluateText(validator, tool, text);
  // Placing each finding in the text walks all of it: done here too, not on the page.
  const markers = evaluation.result ? markersFor(text, evaluation.result) : [];
  return { ...evaluation, markers };
});
