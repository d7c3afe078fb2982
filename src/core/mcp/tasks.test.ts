// Tasks against the published server-everything (2025-11-25 tasks) over stdio: its research tool runs only as a task.
import { createRequire } from 'node:module';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTransport, type McpConnection } from './client';
import type { LogEntry } from './log';
import { taskLine, taskSupportOf, type TaskState } from './tasks';
import { pollIntervalOf, spanText } from './task-support';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const log: LogEntry[] = [];
let connection: McpConnection;

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [everything, 'stdio'],
    stderr: 'ignore',
  });
  const outcome = await connectTransport(transport, 'stdio', { era: 'legacy', onMessage: (entry) => log.push(entry) });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  connection = outcome.value;
});
afterAll(async () => {
  await connection.close();
});

describe('tools run as tasks', () => {
  it('finds the tools that run as tasks from their definition and the server capability', async () => {
    const tools = await connection.listTools();
    if (!tools.ok) throw new Error(tools.failure.message);
    const research = tools.value.find((tool) => tool.name === 'simulate-research-query');
    const echo = tools.value.find((tool) => tool.name === 'echo');
    expect(taskSupportOf(research, connection.capabilities)).toBe('required');
    expect(taskSupportOf(echo, connection.capabilities)).toBeUndefined();
    // The same definition on a server that declares no task-augmented tools/call does not run as a task.
    expect(taskSupportOf(research, { tools: {} })).toBeUndefined();
  });

  it('reports each status while the task runs, then fetches its result', async () => {
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'simulate-research-query',
      { topic: 'tides' },
      { onStatus: (state) => states.push(state) },
    );
    if (!run.ok) throw new Error(run.failure.message);
    expect(run.value.result.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('# Research Report: tides'),
    });
    expect(states[0]).toMatchObject({ status: 'working', ttlMs: 300_000, pollIntervalMs: 1000 });
    expect(states[0]!.expiresAt).toBe(states[0]!.startedAt + 300_000);
    expect(states.map((state) => state.message)).toEqual(
      expect.arrayContaining(['Gathering sources...', 'Generating report...']),
    );
    expect(states.at(-1)!.status).toBe('completed');
    const methods = log.filter((entry) => entry.direction === 'sent').map((entry) => entry.method);
    expect(methods).toEqual(expect.arrayContaining(['tools/call', 'tasks/get', 'tasks/result']));
  });

  it('cancels the task on the server when the caller aborts', async () => {
    const controller = new AbortController();
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'simulate-research-query',
      { topic: 'eels' },
      {
        signal: controller.signal,
        onStatus: (state) => {
          states.push(state);
          controller.abort();
        },
      },
    );
    expect(run.ok).toBe(false);
    if (run.ok) return;
    expect(run.failure.kind).toBe('cancelled');
    expect(run.failure.message).toMatch(/was cancelled: the server was sent tasks\/cancel and reports it cancelled/);
    expect(states.at(-1)!.status).toBe('cancelled');
    const cancel = log.find((entry) => entry.direction === 'sent' && entry.method === 'tasks/cancel');
    expect(cancel).toBeDefined();
  });

  it('asks for the ttl given', async () => {
    const controller = new AbortController();
    let first: TaskState | undefined;
    await connection.callToolAsTask(
      'simulate-research-query',
      { topic: 'ttl' },
      {
        ttlMs: 60_000,
        signal: controller.signal,
        onStatus: (state) => {
          first ??= state;
          controller.abort();
        },
      },
    );
    const sent = log.filter((entry) => entry.direction === 'sent' && entry.method === 'tools/call').at(-1);
    expect(JSON.stringify(sent?.message)).toContain('"task":{"ttl":60000}');
    expect(first?.ttlMs).toBeGreaterThan(0);
  });
});

describe('task lines', () => {
  const state: TaskState = {
    taskId: 't1',
    status: 'working',
    message: 'Analyzing',
    startedAt: 1_000,
    seenAt: 1_000,
    ttlMs: 300_000,
    expiresAt: 301_000,
    pollIntervalMs: 1000,
  };
  it('say the status, message, time elapsed and expiry', () => {
    expect(taskLine(state, 4_500)).toBe('task t1: working — Analyzing (3.5 s elapsed, expires in 4 min 57 s)');
    expect(taskLine({ ...state, expiresAt: undefined, ttlMs: null }, 1_200)).toBe(
      'task t1: working — Analyzing (200 ms elapsed, kept without a time limit)',
    );
    expect(taskLine(state, 400_000)).toContain('past its expiry');
  });
  it('keep the poll interval within bounds', () => {
    expect(pollIntervalOf(undefined)).toBe(1000);
    expect(pollIntervalOf(0)).toBe(100);
    expect(pollIntervalOf(3_600_000)).toBe(60_000);
    expect(spanText(3_725_000)).toBe('1 h 02 min');
  });
});
