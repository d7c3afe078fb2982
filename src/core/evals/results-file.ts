/**
 * Calls already made, read for offline scoring: JSON Lines (or one JSON array / `{runs: [...]}`)
 * of records naming their case, each holding its calls in any shape the Check calls core reads —
 * `{case, calls: [{tool, arguments}]}`, `{case, model, choices: [...]}` (OpenAI), `{case, content:
 * [tool_use…]}` (Anthropic), Gemini parts, MCP requests. A transcript without case ids is read as
 * one run of the suite's only case. Runs made here are written back in the shape read first: one
 * `{case, model, toolsetVersion?, repetition, calls, error?, usage?}` a line.
 */
import { extractCalls } from '../calls/extract';
import type { CaseRun, ObservedCall, RunUsage } from './types';
import { isJsonObject } from '../json/is-json-object';

export interface ResultRecord {
  /** Null when the text names no case (a bare transcript). */
  case: string | null;
  model: string;
  toolsetVersion?: string;
  repetition?: number;
  calls: ObservedCall[];
  error?: string;
  usage?: RunUsage;
  /** 1-based line (JSON Lines) or index + 1 (a JSON document) the record came from. */
  line: number;
}

export interface ResultProblem {
  line: number;
  message: string;
}

const RECORD_KEYS = new Set(['case', 'model', 'toolsetVersion', 'repetition', 'error', 'usage', 'grade']);

function usageOf(value: unknown): RunUsage | undefined {
  if (!isJsonObject(value)) return undefined;
  const usage: RunUsage = {};
  for (const key of ['inputTokens', 'outputTokens', 'latencyMs', 'costUsd'] as const)
    if (typeof value[key] === 'number') usage[key] = value[key];
  return Object.keys(usage).length > 0 ? usage : undefined;
}

const isPlainCall = (call: unknown): call is ObservedCall =>
  isJsonObject(call) && typeof call.tool === 'string' && call.tool !== '' && call.arguments !== undefined;

function callsOf(value: unknown, named: boolean): ObservedCall[] {
  // The shape this project writes, read directly: walking it as a transcript cost more than grading it.
  if (named && isJsonObject(value) && Array.isArray(value.calls) && value.calls.every(isPlainCall)) {
    return value.calls.map((call) => ({ tool: call.tool, arguments: call.arguments }));
  }
  // The bookkeeping fields are not calls; the rest is whatever transcript shape the run was logged in.
  const source =
    named && isJsonObject(value)
      ? Object.fromEntries(Object.entries(value).filter(([key]) => !RECORD_KEYS.has(key)))
      : value;
  return extractCalls(source).calls.map((call) => ({ tool: call.tool, arguments: call.arguments }));
}

function toRecord(value: unknown, line: number): ResultRecord {
  const named = isJsonObject(value) && typeof value.case === 'string';
  const calls = callsOf(value, named);
  const record: ResultRecord = {
    case: named ? (value.case as string) : null,
    model: isJsonObject(value) && typeof value.model === 'string' ? value.model : 'unknown',
    calls,
    line,
  };
  if (isJsonObject(value)) {
    if (typeof value.toolsetVersion === 'string') record.toolsetVersion = value.toolsetVersion;
    if (typeof value.repetition === 'number') record.repetition = value.repetition;
    if (typeof value.error === 'string') record.error = value.error;
    const usage = usageOf(value.usage);
    if (usage !== undefined) record.usage = usage;
  }
  return record;
}

export function readResults(text: string): { records: ResultRecord[]; problems: ResultProblem[] } {
  const trimmed = text.trim();
  if (trimmed === '') return { records: [], problems: [{ line: 1, message: 'the results file is empty' }] };
  const firstLine = trimmed.slice(0, trimmed.indexOf('\n') === -1 ? undefined : trimmed.indexOf('\n'));
  try {
    // A first line that is JSON on its own means JSON Lines: no need to try the whole text as one document.
    if (firstLine.length < trimmed.length) JSON.parse(firstLine);
    else throw new Error('one line');
  } catch {
    try {
      return readDocument(JSON.parse(trimmed));
    } catch {
      // Neither: JSON Lines with unreadable lines, reported one by one below.
    }
  }
  return readLines(text);
}

function readDocument(whole: unknown): { records: ResultRecord[]; problems: ResultProblem[] } {
  const list = Array.isArray(whole) ? whole : isJsonObject(whole) && Array.isArray(whole.runs) ? whole.runs : null;
  if (list !== null && list.some((item) => isJsonObject(item) && typeof item.case === 'string'))
    return { records: list.map((item, index) => toRecord(item, index + 1)), problems: [] };
  return { records: [toRecord(whole, 1)], problems: [] };
}

function readLines(text: string): { records: ResultRecord[]; problems: ResultProblem[] } {
  const problems: ResultProblem[] = [];
  const records: ResultRecord[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      records.push(toRecord(JSON.parse(raw), index + 1));
    } catch (error) {
      problems.push({ line: index + 1, message: `not JSON: ${(error as Error).message}` });
    }
  });
  // A transcript logged without case ids: one run, its calls in order.
  if (records.length > 1 && records.every((record) => record.case === null)) {
    return {
      records: [{ case: null, model: records[0]!.model, calls: records.flatMap((record) => record.calls), line: 1 }],
      problems,
    };
  }
  return { records, problems };
}

/** What a results file keeps of a run: its calls and where they came from, not its grade (scoring gives that again). */
export type WrittenRun = Pick<
  CaseRun,
  'case' | 'model' | 'toolsetVersion' | 'repetition' | 'calls' | 'error' | 'usage'
>;

/** Runs as a results file (JSON Lines, one run a line), which `readResults` reads back. */
export function writeResults(runs: readonly WrittenRun[]): string {
  const lines = runs.map((run) =>
    JSON.stringify({
      case: run.case,
      model: run.model,
      ...(run.toolsetVersion ? { toolsetVersion: run.toolsetVersion } : {}),
      repetition: run.repetition,
      calls: run.calls,
      ...(run.error ? { error: run.error } : {}),
      ...(run.usage ? { usage: run.usage } : {}),
    }),
  );
  return `${lines.join('\n')}\n`;
}
