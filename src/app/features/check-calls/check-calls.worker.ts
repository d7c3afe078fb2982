/// <reference lib="webworker" />
/** Checks a transcript off the page's thread (see ./check-transcript). */
import type { CallSummary } from '../../../core/calls';
import { createCompilingValidator } from '../../../core/validation/compile';
import { serveRequests } from '../../worker/worker-client';
import { checkTranscript, type CheckCallsProgress, type CheckCallsRequest } from './check-transcript';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: schemas without a validator generated at build time (imported ones) are compiled here.
const validator = createCompilingValidator();

serveRequests<CheckCallsRequest, CallSummary, CheckCallsProgress>(self, (request, progress) =>
  checkTranscript(request, validator, progress),
);
