/**
 * What the SDK v2 test server offers, built per request for the era the request speaks: tools that ask the
 * client for input (a form, a URL, a model's answer, the roots) — as `input_required` rounds on a 2026-07-28
 * request and as server requests on a 2025-era one — a tool that logs, resources, a template with completions,
 * a prompt with a completable argument, and an app (MCP Apps, mcp-v2-app.ts). A tool, a resource and a prompt have a title
 * and icons (mcp-v2-icons.ts): one drawable for each theme and three that no client may draw; another resource has
 * only those three.
 */
import {
  acceptedContent,
  completable,
  inputRequired,
  inputResponse,
  McpServer,
  ResourceTemplate,
  type CallToolResult,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { registerCounterApp } from './mcp-v2-app';
import { V2_HOSTILE_ICONS, V2_ICONS } from './mcp-v2-icons';
import { registerV2Tasks } from './mcp-v2-tasks';

export interface V2State {
  /** Every answer a tool received, in order, as `tool: action content`. */
  answers: string[];
}

export const newV2State = (): V2State => ({ answers: [] });

export const V2_ITEMS = ['apple', 'apricot', 'banana', 'cherry'] as const;

const confirmSchema = {
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: 'Delete it?', description: 'Tick to delete the file' },
    reason: { type: 'string' as const, title: 'Reason', maxLength: 40 },
    priority: { type: 'string' as const, title: 'Priority', enum: ['low', 'high'], default: 'low' },
  },
  required: ['confirm'],
};

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

export function buildV2Server(era: 'legacy' | 'modern', state: V2State): McpServer {
  const server = new McpServer(
    { name: 'schema-v2-server', version: '2.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      instructions: 'A test server for both MCP eras.',
    },
  );

  server.registerTool(
    'add',
    {
      description: 'Add two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  );

  server.registerTool(
    'delete_file',
    {
      description: 'Deletes a file after the user confirms (form elicitation)',
      inputSchema: z.object({ path: z.string() }),
    },
    async ({ path }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      if (era === 'legacy') {
        const answer = await ctx.mcpReq.elicitInput({
          mode: 'form',
          message: `Delete ${path}?`,
          requestedSchema: confirmSchema,
        });
        state.answers.push(`delete_file: ${answer.action} ${JSON.stringify(answer.content ?? null)}`);
        return text(
          answer.action === 'accept' && answer.content?.confirm === true
            ? `Deleted ${path}`
            : `Not deleted (${answer.action})`,
        );
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
      if (view.kind === 'elicit' && view.action !== 'accept') {
        state.answers.push(`delete_file: ${view.action} null`);
        return text(`Not deleted (${view.action})`);
      }
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
      if (answer === undefined)
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({ message: `Delete ${path}?`, requestedSchema: confirmSchema }),
          },
        });
      state.answers.push(`delete_file: accept ${JSON.stringify(answer)}`);
      return text((answer as { confirm?: unknown }).confirm === true ? `Deleted ${path}` : 'Not deleted (accept)');
    },
  );

  server.registerTool(
    'sign_in_elsewhere',
    {
      description: 'Asks the user to finish a step on a web page (URL elicitation)',
      inputSchema: z.object({}),
      annotations: { title: 'Sign in on another page' },
    },
    async (_args, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const url = 'https://auth.example.com/connect?state=abc';
      const message = 'Finish connecting your account';
      if (era === 'legacy') {
        const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message, url, elicitationId: 'connect-1' });
        state.answers.push(`sign_in_elsewhere: ${answer.action}`);
        return text(`url elicitation: ${answer.action}`);
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'link');
      if (view.kind === 'elicit') {
        state.answers.push(`sign_in_elsewhere: ${view.action}`);
        return text(`url elicitation: ${view.action}`);
      }
      return inputRequired({ inputRequests: { link: inputRequired.elicitUrl({ message, url }) } });
    },
  );

  server.registerTool(
    'summarize',
    {
      title: 'Summarize a topic',
      icons: V2_ICONS,
      description: 'Asks the client for a model answer (sampling)',
      inputSchema: z.object({ topic: z.string() }),
    },
    async ({ topic }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const params = {
        messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Summarize ${topic}` } }],
        maxTokens: 50,
      };
      if (era === 'legacy') {
        const answer = await ctx.mcpReq.requestSampling(params);
        const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
        return text(`model ${answer.model}: ${content?.type === 'text' ? content.text : '(not text)'}`);
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'sample');
      if (view.kind === 'sampling') {
        const content = Array.isArray(view.result.content) ? view.result.content[0] : view.result.content;
        return text(`model ${view.result.model}: ${content?.type === 'text' ? content.text : '(not text)'}`);
      }
      return inputRequired({ inputRequests: { sample: inputRequired.createMessage(params) } });
    },
  );

  server.registerTool(
    'show_roots',
    { description: 'Lists the client roots', inputSchema: z.object({}) },
    async (_args, ctx): Promise<CallToolResult | InputRequiredResult> => {
      if (era === 'legacy') {
        const roots = await server.server.listRoots();
        return text(`roots: ${JSON.stringify(roots.roots.map((root) => root.uri))}`);
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (view.kind === 'roots') return text(`roots: ${JSON.stringify(view.roots.map((root) => root.uri))}`);
      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    },
  );

  server.registerTool(
    'log_steps',
    { description: 'Logs three messages while it runs', inputSchema: z.object({}) },
    async (_args, ctx) => {
      await ctx.mcpReq.log('info', 'step one');
      await ctx.mcpReq.log('warning', { step: 2, note: 'halfway' });
      await ctx.mcpReq.log('debug', 'step three');
      return text('logged');
    },
  );

  server.registerResource(
    'readme',
    'test://readme',
    { title: 'Read me', icons: V2_ICONS, description: 'A text resource', mimeType: 'text/plain' },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Hello from the v2 test server.' }],
    }),
  );
  server.registerResource(
    'logo',
    'test://logo.png',
    { icons: V2_HOSTILE_ICONS, description: 'A binary resource', mimeType: 'image/png' },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
    }),
  );
  server.registerResource(
    'item',
    new ResourceTemplate('test://items/{name}{?detail}', {
      list: undefined,
      complete: { name: (value) => V2_ITEMS.filter((item) => item.startsWith(value)) },
    }),
    { title: 'An item', description: 'One item by name', mimeType: 'application/json' },
    async (uri, variables) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ name: variables.name, detail: variables.detail ?? null }),
        },
      ],
    }),
  );

  registerCounterApp(server, state);
  registerV2Tasks(server, era, state);

  server.registerPrompt(
    'greet',
    {
      title: 'Greet',
      icons: V2_ICONS,
      description: 'A greeting in a style',
      argsSchema: z.object({
        name: z.string(),
        style: completable(z.string(), (value) =>
          ['formal', 'friendly'].filter((style) => style.startsWith(value)),
        ).optional(),
      }),
    },
    ({ name, style }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Greet ${name} in a ${style ?? 'plain'} way.` } }],
    }),
  );
  return server;
}

/** A generated tool (`generated_<index>`) with bounds, an enum and an output schema, for a server with a long tool list. */
export function registerV2GeneratedTool(server: McpServer, index: number): void {
  server.registerTool(
    `generated_${index}`,
    {
      description: `Generated tool number ${index}: looks up records of kind ${index % 7} by query.`,
      inputSchema: z.object({
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
      }),
      outputSchema: z.object({ count: z.number().int().describe('Records found') }),
      annotations: { readOnlyHint: true },
    },
    async () => ({ content: [{ type: 'text', text: '0' }], structuredContent: { count: 0 } }),
  );
}
