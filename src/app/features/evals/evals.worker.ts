/// <reference lib="webworker" />
/**
 * Grades eval runs off the page's thread: the page's policy forbids compiling a schema, and an imported
 * toolset (a BFCL import, a pasted definitions file) has no validator generated at build time.
 */
import { createCompilingValidator } from '../../../core/validation/compile';
import { createCheckContext, type CheckContext } from '../../../core/calls/check';
import { gradeCase, readResults, scoreRecords } from '../../../core/evals';
import type { CaseGrade, CaseRun, EvalCase, EvalSuite, ObservedCall } from '../../../core/evals';
import type { ToolDefinition } from '../../../core/toolset/types';
import { serveRequests } from '../../worker/worker-client';
import { importBfclFiles, type BfclImport } from './suiteFiles';

// This worker's validator: imported schemas compiled here, where the page's policy allows it.
const validator = createCompilingValidator();

declare const self: DedicatedWorkerGlobalScope;

export type EvalsRequest =
  | { type: 'tools'; key: string; tools: ToolDefinition[] }
  | { type: 'grade'; key: string; evalCase: EvalCase; calls: ObservedCall[] }
  | { type: 'score'; key: string; suite: EvalSuite; text: string }
  /** BFCL files in: importing the functions meta-validates and precompiles their schemas, which only a worker may. */
  | { type: 'bfcl'; questions: string; answers: string; name: string; toolsetId: string };

export type EvalsResponse =
  | { type: 'ok' }
  | { type: 'grade'; grade: CaseGrade }
  | { type: 'score'; runs: CaseRun[]; problems: { line: number; message: string }[] }
  | { type: 'bfcl'; result: BfclImport };

const contexts = new Map<string, CheckContext>();

function answer(request: EvalsRequest): EvalsResponse {
  if (request.type === 'tools') {
    contexts.set(request.key, createCheckContext(validator, request.tools));
    return { type: 'ok' };
  }
  if (request.type === 'bfcl')
    return {
      type: 'bfcl',
      result: importBfclFiles(request.questions, request.answers, request.name, request.toolsetId, validator),
    };
  const context = contexts.get(request.key);
  if (context === undefined) throw new Error(`No tools were sent for '${request.key}'.`);
  if (request.type === 'grade') return { type: 'grade', grade: gradeCase(request.evalCase, request.calls, context) };
  const read = readResults(request.text);
  const scored = scoreRecords(request.suite, read.records, context);
  return { type: 'score', runs: scored.runs, problems: [...read.problems, ...scored.problems] };
}

serveRequests<EvalsRequest, EvalsResponse>(self, answer);
