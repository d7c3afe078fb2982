/// <reference lib="webworker" />
/** Checks a transcript off the page's thread (see ./check-transcript) and keeps its calls for the page's table. */
import type { CallSummary } from '../../../core/calls';
import { createCompilingValidator } from '../../../core/validation/compile';
import { serveRequests } from '../../worker/worker-client';
import { CallStore } from './call-store';
import type {
  CheckCallsWorkerProgress,
  CheckCallsWorkerRequest,
  CheckCallsWorkerResponse,
} from './check-calls-protocol';
import { checkTranscript } from './check-transcript';
import { exportFile } from './export-blob';
import { LineOffsets } from './line-source';
import { lineReader } from './line-reader';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: schemas without a validator generated at build time (imported ones) are compiled here.
const validator = createCompilingValidator();
const store = new CallStore();
let summary: CallSummary | null = null;

serveRequests<CheckCallsWorkerRequest, CheckCallsWorkerResponse, CheckCallsWorkerProgress>(
  self,
  async (request, progress) => {
    switch (request.type) {
      case 'check': {
        store.clear(lineReader(request, validator));
        summary = null;
        const checked = await checkTranscript(
          request,
          validator,
          (update) => {
            if (update.type === 'layout') return progress(update);
            store.add(update.results, update.places);
            progress({ type: 'found', found: store.size, bytesRead: update.bytesRead, totalBytes: update.totalBytes });
          },
          undefined,
          new LineOffsets(),
        );
        summary = checked;
        return checked;
      }
      case 'window':
        return store.window(request.filter, request.start, request.count);
      case 'export':
        if (summary === null) throw new Error('No check has finished: there is nothing to export.');
        return exportFile(request.format, summary, store.exportBatches());
    }
  },
);
