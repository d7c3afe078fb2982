/**
 * The page's end of the postMessage channel to an app's sandbox frame: ext-apps' PostMessageTransport without its
 * console narration. That transport writes a console.debug line for each message it passes (measured: an app's
 * start and one tool call, 7 messages, wrote 7 lines) and one for each message of any other frame ("Ignoring message
 * from unknown source"). The protocol log (LoggedTransport around this) records every message instead, marked as
 * the app's; a message from the app's frame that is not JSON-RPC is ignored, as there.
 */
import {
  parseJSONRPCMessage,
  type JSONRPCMessage,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';

export class AppFrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(
    private readonly target: Window,
    private readonly source: MessageEventSource,
  ) {}

  private readonly listener = (event: MessageEvent): void => {
    if (event.source !== this.source) return;
    const data: unknown = event.data;
    if ((data as { jsonrpc?: unknown } | null)?.jsonrpc !== '2.0') return;
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(data);
    } catch (error) {
      this.onerror?.(
        new Error(`The app sent a JSON-RPC message that is not valid: ${error instanceof Error ? error.message : ''}`),
      );
      return;
    }
    this.onmessage?.(message);
  };

  async start(): Promise<void> {
    addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    // The sandbox frame is of an opaque origin, which no target origin but '*' names.
    this.target.postMessage(message, '*');
  }

  async close(): Promise<void> {
    removeEventListener('message', this.listener);
    this.onclose?.();
  }
}
