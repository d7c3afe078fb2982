/// <reference lib="webworker" />
/** Parses and checks pasted definitions off the page's thread: a 10 MB paste never freezes the tab. */
import { importToolset, type ImportResult, type ImportSettings } from '../../../core/import';
import { createCompilingValidator } from '../../../core/validation/compile';
import { serveRequests } from '../../worker/worker-client';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: the pasted schemas are compiled here.
const validator = createCompilingValidator();

export interface ImportCheckRequest {
  /** The text, or a file read here slice by slice (the page never holds it). */
  source: string | Blob;
  options: ImportSettings;
}

export interface ImportCheckResponse {
  result: ImportResult;
}

/** Bytes read at a time from a file: small enough to tell progress, large enough that reading costs no more. */
const SLICE_BYTES = 1024 * 1024;
/** The share of the progress a file's reading takes; the check is the rest. */
const READ_SHARE = 0.3;

async function readSlices(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
    parts.push(decoder.decode(await file.slice(offset, offset + SLICE_BYTES).arrayBuffer(), { stream: true }));
    onProgress(Math.min(1, (offset + SLICE_BYTES) / file.size));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

serveRequests<ImportCheckRequest, ImportCheckResponse, number>(self, async ({ source, options }, progress) => {
  // Told in whole percents: a toolset of thousands of tools does not send thousands of messages.
  let told = -1;
  const tell = (fraction: number) => {
    const percent = Math.floor(fraction * 100);
    if (percent === told) return;
    told = percent;
    progress(fraction);
  };
  const fromFile = typeof source !== 'string';
  const text = fromFile ? await readSlices(source, (read) => tell(read * READ_SHARE)) : source;
  return {
    result: importToolset(text, {
      ...options,
      validator,
      onProgress: (fraction) => tell(fromFile ? READ_SHARE + fraction * (1 - READ_SHARE) : fraction),
    }),
  };
});
