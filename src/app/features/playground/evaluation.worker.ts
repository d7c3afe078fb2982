/// <reference lib="webworker" />
/** Parses and validates large argument texts off the page's thread (see LARGE_TEXT_CHARS). */
import { createCompilingValidator } from '../../../core/validation/compile';
import type { ToolDefinition } from '../../../core/toolset/types';
import { evaluateText } from './evaluation';
import { markersFor } from './monaco/markers';

export interface EvaluationRequest {
  id: number;
  tool: ToolDefinition;
  text: string;
}

// This worker's validator: schemas without a validator generated at build time (imported ones) are compiled here.
const validator = createCompilingValidator();

self.onmessage = (event: MessageEvent<EvaluationRequest>) => {
  const { id, tool, text } = event.data;
  // The text is what the page already holds: only the verdict travels back.
  const { checkedText: _sameText, ...evaluation } = evaluateText(validator, tool, text);
  // Placing each finding in the text walks all of it: done here too, not on the page.
  const markers = evaluation.result ? markersFor(text, evaluation.result) : [];
  self.postMessage({ id, evaluation: { ...evaluation, markers } });
};
