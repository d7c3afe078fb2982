/// <reference lib="webworker" />
/** Parses and validates large argument texts off the page's thread (see LARGE_TEXT_CHARS). */
import type { ToolDefinition } from '../../../core/toolset/types';
import { evaluateText } from './evaluation';

export interface EvaluationRequest {
  id: number;
  tool: ToolDefinition;
  text: string;
}

self.onmessage = (event: MessageEvent<EvaluationRequest>) => {
  const { id, tool, text } = event.data;
  // The text is what the page already holds: only the verdict travels back.
  const { checkedText: _sameText, ...evaluation } = evaluateText(tool, text);
  self.postMessage({ id, evaluation });
};
