/**
 * The provider emulator, on loopback: OpenAI Chat Completions and Responses, Anthropic Messages, Gemini
 * streamGenerateContent (alt=sse) and the model lists, each in its own wire format, with no key and no network.
 * What it answers is chosen by a scenario tag in the first user message ("[calls]", "[agent]", "[slow]", "[many-calls]", "[endless]", …; see
 * scenarios.ts), else by its default scenario; a key containing "wrong" is refused; a base URL under /no-cors/
 * answers without CORS headers. The tests and `tool-schemas emulator` start it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMULATED_MODELS, isScenario, planTurn, type Scenario } from './scenarios';
import {
  anthropicEvents,
  geminiEvents,
  openAiChatEvents,
  openAiResponsesEvents,
  serialise,
  type Turn,
  type WireEvent,
} from './wire';

type Wire = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

interface RecordedRequest {
  wire: Wire;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface ProviderEmulator {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

/** All text of the first user message, whatever the wire's message shape. */
function firstUserText(wire: Wire, body: Record<string, unknown>): string {
  const list = (body.messages ?? body.input ?? body.contents ?? []) as Record<string, unknown>[];
  const first = list.find((message) => message.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return JSON.stringify(wire === 'gemini' ? first.parts : first.content);
}

/** Whether the request already carries tool results (the agent's second step). */
const hasToolResults = (body: Record<string, unknown>): boolean =>
  /"(tool_call_id|function_call_output|tool_result|functionResponse)"/.test(JSON.stringify(body));

function keyOf(request: IncomingMessage): string {
  const header =
    request.headers['authorization'] ?? request.headers['x-api-key'] ?? request.headers['x-goog-api-key'] ?? '';
  return String(header).replace(/^Bearer\s+/i, '');
}

function errorBody(wire: Wire, status: number, message: string, code: string): string {
  if (wire === 'anthropic') return JSON.stringify({ type: 'error', error: { type: code, message } });
  if (wire === 'gemini') return JSON.stringify({ error: { code: status, message, status: code } });
  return JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } });
}

function eventsFor(wire: Wire, turn: Turn, model: string): WireEvent[] {
  if (wire === 'openai-chat') return openAiChatEvents(turn, model);
  if (wire === 'openai-responses') return openAiResponsesEvents(turn, model);
  if (wire === 'anthropic') return anthropicEvents(turn, model);
  return geminiEvents(turn, model);
}

const pause = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

const splitInHalf = (chunk: string): [string, string] => {
  const middle = Math.ceil(chunk.length / 2);
  return [chunk.slice(0, middle), chunk.slice(middle)];
};

/** An event's bytes cut after the first byte of its first multi-byte character (in half when it has none). */
function splitInsideCharacter(chunk: string): [Buffer, Buffer] {
  const bytes = Buffer.from(chunk, 'utf8');
  const lead = bytes.findIndex((byte) => byte >= 0xc0);
  const cut = lead >= 0 ? lead + 1 : Math.ceil(bytes.length / 2);
  return [bytes.subarray(0, cut), bytes.subarray(cut)];
}

/** The event a damaged scenario puts halfway: JSON cut off mid-value, or a type no provider documents. */
function insertedEvent(kind: 'broken-json' | 'unknown-event'): string {
  return kind === 'broken-json'
    ? 'data: {"choices": [{"index": 0, "delta": {"content": "half an ev\n\n'
    : 'event: emulated.future_event\ndata: {"type": "emulated.future_event", "note": "a type no client knows yet"}\n\n';
}

async function stream(
  response: ServerResponse,
  cors: Record<string, string>,
  chunks: string[],
  options: { delayMs: number; cutAfter?: number; splitInsideCharacters?: boolean },
): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...cors,
  });
  for (const [index, chunk] of chunks.entries()) {
    if (response.destroyed) return;
    if (options.cutAfter !== undefined && index >= options.cutAfter) {
      // A connection dropped mid-stream: no end marker, no clean close.
      response.socket?.destroy();
      return;
    }
    // Each event in two writes, so events also split across network chunks.
    const [first, second] = options.splitInsideCharacters ? splitInsideCharacter(chunk) : splitInHalf(chunk);
    response.write(first);
    if (options.delayMs > 0) await pause(options.delayMs);
    response.write(second);
    if (options.delayMs > 0) await pause(options.delayMs);
  }
  response.end();
}

/** Characters the [endless] scenario streams at most (a test that never stops reading still ends). */
const ENDLESS_LIMIT = 256 * 1024 * 1024;

/** The [endless] scenario (Chat Completions): one write_file call whose arguments never end, until the client stops reading. */
async function streamEndless(response: ServerResponse, cors: Record<string, string>, model: string): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...cors,
  });
  const base = { id: 'chatcmpl-emulated', object: 'chat.completion.chunk', created: 1764100000, model };
  const event = (delta: object) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
  response.write(
    event({
      role: 'assistant',
      tool_calls: [
        {
          index: 0,
          id: 'call_endless',
          type: 'function',
          function: { name: 'write_file', arguments: '{"path": "a.txt", "content": "' },
        },
      ],
    }),
  );
  const piece = event({ tool_calls: [{ index: 0, function: { arguments: 'x'.repeat(16 * 1024) } }] });
  for (let sent = 0; sent < ENDLESS_LIMIT && !response.destroyed; sent += 16 * 1024) {
    if (!response.write(piece)) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
  }
  response.end();
}

function wireOf(method: string, path: string): Wire | 'models' | null {
  if (method === 'GET' && /\/models$/.test(path)) return 'models';
  if (method !== 'POST') return null;
  if (path.endsWith('/chat/completions')) return 'openai-chat';
  if (path.endsWith('/responses')) return 'openai-responses';
  if (path.endsWith('/v1/messages')) return 'anthropic';
  if (path.includes(':streamGenerateContent')) return 'gemini';
  return null;
}

export interface EmulatorOptions {
  /** 0 (the default): a free port. */
  port?: number;
  /** What a message without a scenario tag gets (default: a short text answer). */
  defaultScenario?: Scenario;
  /** Keep every request in `requests` (the default, for tests); a long-running emulator keeps none. */
  record?: boolean;
}

export async function startProviderEmulator(options: EmulatorOptions | number = {}): Promise<ProviderEmulator> {
  const {
    port = 0,
    defaultScenario = 'text',
    record = true,
  } = typeof options === 'number' ? { port: options } : options;
  const requests: RecordedRequest[] = [];
  // [ratelimit-once]: the first request of each model and text is refused with 429, the retry answers.
  const limitedOnce = new Set<string>();
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const noCors = url.pathname.startsWith('/no-cors/');
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : '*';
    const cors: Record<string, string> = noCors
      ? {}
      : { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after', vary: 'Origin' };
    if (request.method === 'OPTIONS') {
      response.writeHead(
        204,
        noCors
          ? {}
          : {
              ...cors,
              'access-control-allow-methods': 'GET, POST, OPTIONS',
              'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
              'access-control-max-age': '600',
            },
      );
      response.end();
      return;
    }
    const wire = wireOf(request.method ?? 'GET', url.pathname);
    const text = await readBody(request);
    const json = (status: number, body: string, extra: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'application/json', ...cors, ...extra });
      response.end(body);
    };
    if (wire === null)
      return json(404, JSON.stringify({ error: { message: `No route ${request.method} ${url.pathname}` } }));
    const listWire: Wire = url.pathname.includes('/v1beta/')
      ? 'gemini'
      : request.headers['anthropic-version']
        ? 'anthropic'
        : 'openai-chat';
    if (keyOf(request).includes('wrong')) {
      const refusedWire = wire === 'models' ? listWire : wire;
      if (refusedWire === 'gemini')
        return json(
          400,
          JSON.stringify({
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
              details: [
                {
                  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                  reason: 'API_KEY_INVALID',
                  domain: 'googleapis.com',
                },
              ],
            },
          }),
        );
      return json(
        401,
        errorBody(
          refusedWire,
          401,
          refusedWire === 'anthropic' ? 'invalid x-api-key' : 'Incorrect API key provided.',
          refusedWire === 'anthropic' ? 'authentication_error' : 'invalid_api_key',
        ),
      );
    }
    if (wire === 'models') {
      if (listWire === 'gemini')
        return json(
          200,
          JSON.stringify({
            models: EMULATED_MODELS.map((name) => ({
              name: `models/${name}`,
              displayName: name,
              supportedGenerationMethods: ['generateContent', 'countTokens'],
            })),
          }),
        );
      if (listWire === 'anthropic')
        return json(
          200,
          JSON.stringify({
            data: EMULATED_MODELS.map((id) => ({
              type: 'model',
              id,
              display_name: id,
              created_at: '2025-01-01T00:00:00Z',
            })),
            has_more: false,
            first_id: EMULATED_MODELS[0],
            last_id: EMULATED_MODELS[1],
          }),
        );
      return json(
        200,
        JSON.stringify({
          object: 'list',
          data: EMULATED_MODELS.map((id) => ({ id, object: 'model', created: 1764100000, owned_by: 'emulator' })),
        }),
      );
    }

    const body = JSON.parse(text) as Record<string, unknown>;
    if (record) requests.push({ wire, path: url.pathname, headers: request.headers, body });
    const model =
      typeof body.model === 'string' ? body.model : (/models\/([^:]+):/.exec(url.pathname)?.[1] ?? 'emulated');
    const userText = firstUserText(wire, body);
    const tagged = /\[([a-z-]+)\]/.exec(userText)?.[1];
    const scenario: Scenario = tagged !== undefined && isScenario(tagged) ? tagged : defaultScenario;
    const inputTokens = Math.ceil(text.length / 4);

    if (scenario === 'ratelimit')
      return json(
        429,
        errorBody(
          wire,
          429,
          'Rate limit reached for requests',
          wire === 'anthropic' ? 'rate_limit_error' : 'rate_limit_exceeded',
        ),
        { 'retry-after': '7' },
      );
    if (scenario === 'ratelimit-once' && !limitedOnce.has(`${model}\u0000${text}`)) {
      limitedOnce.add(`${model}\u0000${text}`);
      return json(
        429,
        errorBody(
          wire,
          429,
          'Rate limit reached for requests',
          wire === 'anthropic' ? 'rate_limit_error' : 'rate_limit_exceeded',
        ),
        { 'retry-after': '1' },
      );
    }
    if (scenario === 'overflow') {
      const message =
        wire === 'anthropic'
          ? 'prompt is too long: 210000 tokens > 200000 maximum'
          : "This model's maximum context length is 128000 tokens. However, your messages resulted in 210000 tokens.";
      return json(400, errorBody(wire, 400, message, 'context_length_exceeded'));
    }
    if (scenario === 'notools')
      return json(400, errorBody(wire, 400, `${model} does not support tools`, 'invalid_request_error'));

    if (scenario === 'endless' && wire === 'openai-chat') return streamEndless(response, cors, model);
    const { turn, delayMs, cutHalfway, inserted, splitInsideCharacters } = planTurn({
      scenario,
      model,
      requestText: text,
      userText,
      hasToolResults: hasToolResults(body),
      inputTokens,
    });
    const chunks = serialise(eventsFor(wire, turn, model));
    if (inserted) chunks.splice(Math.ceil(chunks.length / 2), 0, insertedEvent(inserted));
    await stream(response, cors, chunks, {
      delayMs,
      splitInsideCharacters,
      ...(cutHalfway ? { cutAfter: Math.ceil(chunks.length / 2) } : {}),
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
