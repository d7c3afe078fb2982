/**
 * The tools of the MCP test server: output schemas, progress, an error result, a slow tool that notices
 * cancellation, every content type, and a tool that adds a tool (the server then sends tools/list_changed).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** A 1×1 red PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A few bytes of a WAV header: enough to be an audio block. */
const TINY_WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

/** What the tools share across sessions: tools added at run time, and the calls the slow tool saw cancelled. */
export interface TestServerState {
  addedTools: string[];
  cancelled: number;
  /** Description of `add`, changeable so a test can make the server drift from a lockfile. */
  addDescription: string;
  /** Every live session's server hears of a tool added in any session. */
  listeners: Set<(name: string) => void>;
}

export const newState = (): TestServerState => ({
  addedTools: [],
  cancelled: 0,
  addDescription: 'Adds two numbers and returns their sum.',
  listeners: new Set(),
});

const wait = (ms: number, signal: AbortSignal): Promise<boolean> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });

function registerAdded(server: McpServer, name: string): void {
  server.registerTool(
    name,
    {
      description: `A tool added at run time (${name}).`,
      inputSchema: { note: z.string().max(100).optional().describe('Any note') },
    },
    async ({ note }) => ({
      content: [{ type: 'text', text: `${name}: ${note ?? 'no note'}` }],
    }),
  );
}

export function registerTestTools(server: McpServer, state: TestServerState): void {
  server.registerTool(
    'add',
    {
      title: 'Add',
      description: state.addDescription,
      inputSchema: { a: z.number().describe('First addend'), b: z.number().describe('Second addend') },
      outputSchema: { sum: z.number().describe('a + b') },
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  );
  server.registerTool(
    'echo',
    {
      description: 'Echoes a short message in a chosen style.',
      inputSchema: {
        message: z.string().min(1).max(20).describe('Text to echo, 1-20 characters'),
        style: z.enum(['plain', 'loud']).optional().describe('How to echo it'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ message, style }) => ({
      content: [{ type: 'text', text: style === 'loud' ? message.toUpperCase() : message }],
    }),
  );
  server.registerTool(
    'count_down',
    {
      description: 'Counts down, sending a progress notification per step.',
      inputSchema: {
        steps: z.number().int().min(1).max(20).describe('Steps to count'),
        delayMs: z.number().int().min(0).max(2000).optional().describe('Pause per step'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ steps, delayMs }, extra) => {
      const token = extra._meta?.progressToken;
      for (let step = 1; step <= steps; step += 1) {
        if (!(await wait(delayMs ?? 20, extra.signal))) break;
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: steps, message: `step ${step} of ${steps}` },
          });
      }
      return { content: [{ type: 'text', text: `counted ${steps}` }] };
    },
  );
  server.registerTool(
    'fail',
    {
      description: 'Always fails with a tool error (isError), as a server reports a failed operation.',
      inputSchema: { reason: z.string().max(200).optional().describe('What to say') },
      annotations: { readOnlyHint: true },
    },
    async ({ reason }) => ({ isError: true, content: [{ type: 'text', text: `failed: ${reason ?? 'on purpose'}` }] }),
  );
  server.registerTool(
    'slow',
    {
      description: 'Waits, then answers; notices cancellation.',
      inputSchema: { ms: z.number().int().min(0).max(600_000).describe('How long to wait, in milliseconds') },
      annotations: { readOnlyHint: true },
    },
    async ({ ms }, extra) => {
      const finished = await wait(ms, extra.signal);
      if (!finished) state.cancelled += 1;
      return { content: [{ type: 'text', text: finished ? `waited ${ms} ms` : 'cancelled' }] };
    },
  );
  server.registerTool(
    'image',
    { description: 'Returns a 1×1 PNG image.', inputSchema: {}, annotations: { readOnlyHint: true } },
    async () => ({
      content: [{ type: 'image', data: TINY_PNG, mimeType: 'image/png' }],
    }),
  );
  server.registerTool(
    'every_content',
    { description: 'Returns one block of every content type.', inputSchema: {}, annotations: { readOnlyHint: true } },
    async () => ({
      content: [
        { type: 'text', text: '<b>not bold</b>' },
        { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
        { type: 'audio', data: TINY_WAV, mimeType: 'audio/wav' },
        {
          type: 'resource_link',
          uri: 'file:///project/README.md',
          name: 'README.md',
          mimeType: 'text/markdown',
          description: 'The readme',
        },
        {
          type: 'resource',
          resource: { uri: 'file:///project/notes.txt', mimeType: 'text/plain', text: 'embedded notes' },
        },
      ],
    }),
  );
  server.registerTool(
    'add_tool',
    {
      description: 'Adds a tool to this server; every session is told its tool list changed.',
      inputSchema: {
        name: z
          .string()
          .regex(/^[a-z_]{1,30}$/)
          .describe('Name of the new tool'),
      },
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    async ({ name }) => {
      if (!state.addedTools.includes(name)) state.addedTools.push(name);
      for (const listener of state.listeners) listener(name);
      return { content: [{ type: 'text', text: `added ${name}` }] };
    },
  );
  for (const name of state.addedTools) registerAdded(server, name);
  const onAdded = (name: string) => {
    try {
      registerAdded(server, name);
    } catch {
      // Already registered in this session.
    }
  };
  state.listeners.add(onAdded);
  server.server.onclose = () => state.listeners.delete(onAdded);
}

/** One of many similar tools, each with its own parameters and bounds, for a server with hundreds of tools. */
export function registerGeneratedTool(server: McpServer, index: number): void {
  server.registerTool(
    `generated_${index}`,
    {
      description: `Generated tool number ${index}: looks up records of kind ${index % 7} by query.`,
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(200 + index)
          .describe('What to look for'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(10 + (index % 50))
          .optional()
          .describe('Most records to return'),
        kind: z
          .enum(['a', 'b', 'c', `k${index}`])
          .optional()
          .describe('Kind of record'),
      },
      outputSchema: { count: z.number().int().describe('Records found') },
      annotations: { readOnlyHint: true },
    },
    async () => ({ content: [{ type: 'text', text: '0' }], structuredContent: { count: 0 } }),
  );
}
