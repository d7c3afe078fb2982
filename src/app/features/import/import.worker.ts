/// <reference lib="webworker" />
/** Parses and checks pasted definitions off the page's thread: a 10 MB paste never freezes the tab. */
// Schemas without a validator generated at build time (imported ones) are compiled here.
import '../../../core/validation/compile';
import { importToolset, type ImportOptions, type ImportResult } from '../../../core/import';

declare const self: DedicatedWorkerGlobalScope;

export interface ImportCheckRequest {
  id: number;
  text: string;
  options: ImportOptions;
}

export interface ImportCheckResponse {
  id: number;
  result: ImportResult;
}

self.onmessage = (event: MessageEvent<ImportCheckRequest>) => {
  const { id, text, options } = event.data;
  const response: ImportCheckResponse = { id, result: importToolset(text, options) };
  self.postMessage(response);
};
