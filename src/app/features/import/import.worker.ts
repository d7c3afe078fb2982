/// <reference lib="webworker" />
/** Parses and checks pasted definitions off the page's thread: a 10 MB paste never freezes the tab. */
import { importToolset, type ImportResult, type ImportSettings } from '../../../core/import';
import { createCompilingValidator } from '../../../core/validation/compile';
import { serveRequests } from '../../worker/worker-client';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: the pasted schemas are compiled here.
const validator = createCompilingValidator();

export interface ImportCheckRequest {
  text: string;
  options: ImportSettings;
}

export interface ImportCheckResponse {
  result: ImportResult;
}

serveRequests<ImportCheckRequest, ImportCheckResponse>(self, ({ text, options }) => ({ result: importToolset(text, { ...options, validator }) }));
