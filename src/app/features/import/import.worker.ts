/// <reference lib="webworker" />
/** Parses and checks pasted definitions off the page's thread: a 10 MB paste never freezes the tab. */
import { importToolset, type ImportResult, type ImportSettings } from '../../../core/import';
import { createCompilingValidator } from '../../../core/validation/compile';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: the pasted schemas are compiled here.
const validator = createCompilingValidator();

export interface ImportCheckRequest {
  id: number;
  text: string;
  options: ImportSettings;
}

export interface ImportCheckResponse {
  id: number;
  result: ImportResult;
}

self.onmessage = (event: MessageEvent<ImportCheckRequest>) => {
  const { id, text, options } = event.data;
  const response: ImportCheckResponse = { id, result: importToolset(text, { ...options, validator }) };
  self.postMessage(response);
};
