/**
 * Server-sent events from a fetch body. The parsing is eventsource-parser's (the AI SDK's own choice,
 * 1.4 kB gzip measured): it handles CRLF, lines split across chunks and comments.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseReadOutcome {
  /** The raw text received, for the trace (capped). */
  raw: string;
  /** Set when reading failed part-way (connection reset), not when the body simply ended. */
  readError?: unknown;
}

const RAW_TRACE_LIMIT = 256 * 1024;

export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: { event?: string; data: string }) => void,
): Promise<SseReadOutcome> {
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => onEvent({ event: message.event, data: message.data }),
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let raw = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (raw.length < RAW_TRACE_LIMIT) raw += text.slice(0, RAW_TRACE_LIMIT - raw.length);
      parser.feed(text);
    }
    parser.feed(decoder.decode());
    return { raw };
  } catch (readError) {
    // The reader stopped (a bound passed, or the stream broke): the rest is not wanted, so the connection closes.
    await reader.cancel().catch(() => undefined);
    return { raw, readError };
  } finally {
    reader.releaseLock();
  }
}
