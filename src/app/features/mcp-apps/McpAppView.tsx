/**
 * A live tool's own interface (MCP Apps): its `ui://` document, read from the server, runs in a frame sandboxed to
 * an opaque origin (mcp-app-sandbox.html) under the policy it declares narrowed by this site's rules. The app gets
 * the call's arguments and result; what it asks of the page (tool calls, messages, links, size, display mode)
 * goes through appHost.ts, and every message shows in the connection's protocol log.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CallToolResult, ContentBlock, Tool } from '@modelcontextprotocol/client';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { appDocument, type AppDocument } from '../../../core/mcp/apps/resource';
import { narrowCsp, type NarrowedCsp } from '../../../core/mcp/apps/csp';
import { formatErrorMessage } from '../../../core/validation/result';
import type { ToolDefinition } from '../../../core/toolset/types';
import { SITE_BASE } from '../../lib/hrefs';
import { usePage } from '../../lib/page';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { createSchemaChecks } from '../../lib/schemaWorker';
import { useValidator } from '../../lib/ValidatorContext';
import { useServices } from '../../services/Services';
import { useConnection, useLiveConnections } from '../../services/connections/useConnections';
import { startAppHost, type AppHost } from './appHost';
import { holdLeaving } from '../../lib/leaveHolds';
import { createRetirement, framesMoveRunning, type Retirement } from './retireFrame';
import { hostStyles } from './hostStyles';
import { createCallGate, runAppToolCall, tooManyCalls, type ArgumentsVerdict } from './appToolCall';
import './mcp-apps.css';

/** A call made from the live tool's panel: its arguments, then its result or why there is none. */
export interface LiveAppCall {
  id: number;
  args: Record<string, unknown>;
  result?: CallToolResult;
  failure?: string;
}

/** The tallest an app is drawn inline; it scrolls inside beyond that. */
const MAX_HEIGHT = 1200;
const MIN_HEIGHT = 60;
/** What the page keeps of an app's messages and links: the newest, each message cut at a length. */
const MAX_MESSAGES = 50;
const MAX_MESSAGE_CHARS = 10_000;
const MAX_LINKS = 10;

const pageTheme = (): 'light' | 'dark' => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; document: AppDocument; csp: NarrowedCsp };

/** What the app sent to the conversation, as text: text blocks as they are, other blocks by their type. */
function messageText(content: ContentBlock[]): string {
  const text = content.map((block) => (block.type === 'text' ? block.text : `[${block.type} block]`)).join('\n');
  return text.length > MAX_MESSAGE_CHARS
    ? `${text.slice(0, MAX_MESSAGE_CHARS)}… (${text.length - MAX_MESSAGE_CHARS} more characters not shown)`
    : text;
}

export interface McpAppViewProps {
  url: string;
  tool: Tool;
  uri: string;
  call: LiveAppCall;
  /** The view of an earlier call, kept hidden while its app is told it closes (a browser that cannot move frames). */
  retiring?: boolean;
  /** Called once a retiring view's app has answered, or the limit passed. */
  onRetired?: () => void;
}

export function McpAppView({ url, tool, uri, call, retiring = false, onRetired }: McpAppViewProps) {
  const id = useId();
  const live = useLiveConnections();
  const connection = useConnection(url);
  const services = useServices();
  const validator = useValidator();
  const page = usePage();
  const checks = page.part(createSchemaChecks);
  const precompiled = page.part(createPrecompiledLoads);
  const theme = useSyncExternalStore(subscribeTheme, pageTheme, () => 'light' as const);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [height, setHeight] = useState(160);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [initialized, setInitialized] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [links, setLinks] = useState<string[]>([]);
  const [calls, setCalls] = useState<{ name: string; outcome: string }[]>([]);
  /** Where the frame goes: the frame itself is the page's own element, not React's, so it can outlive the view (retireFrame.ts). */
  const slot = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const host = useRef<AppHost | null>(null);
  const retirement = useRef<Retirement | null>(null);
  const sent = useRef({ input: false, result: false });
  // What the handlers read when the app asks: the newest of each, without starting the app again.
  const latest = useRef({ connection, validator, services, checks, precompiled });
  latest.current = { connection, validator, services, checks, precompiled };

  useEffect(() => {
    let active = true;
    void live.readResource(url, uri).then((outcome) => {
      if (!active) return;
      if (!outcome.ok) return setLoaded({ state: 'failed', message: outcome.failure.message });
      const read = appDocument(uri, outcome.value);
      setLoaded(
        read.ok
          ? { state: 'ready', document: read.document, csp: narrowCsp(read.document.csp) }
          : { state: 'failed', message: read.message },
      );
    });
    return () => {
      active = false;
    };
  }, [live, url, uri]);

  const ready = loaded.state === 'ready' ? loaded : null;
  // Before the frame loads (a layout effect runs before the browser does anything else): the bridge must be listening when the frame says it is ready.
  useLayoutEffect(() => {
    if (!ready || !slot.current) return;
    const element = document.createElement('iframe');
    element.className = `mcp-app-frame${ready.document.prefersBorder === false ? ' mcp-app-frame-plain' : ''}`;
    element.src = `${SITE_BASE}mcp-app-sandbox.html`;
    element.setAttribute('sandbox', 'allow-scripts');
    element.title = `Interface of ${tool.title ?? tool.name}`;
    element.dataset.testid = 'mcp-app-frame';
    slot.current.append(element);
    frame.current = element;
    const verdict = async (definition: ToolDefinition, args: Record<string, unknown>): Promise<ArgumentsVerdict> => {
      const { validator: current, checks: schemaChecks, precompiled: loads } = latest.current;
      if (!schemaChecks.elsewhere(current, definition, loads)) {
        const result = current.validate(definition, args);
        return result.valid ? { valid: true } : { valid: false, text: formatErrorMessage(result) };
      }
      const judged = await schemaChecks.judge(
        [definition],
        { format: 'mcp', tool: definition.name, arguments: args },
        1,
      );
      return judged.status === 'valid' ? { valid: true } : { valid: false, text: judged.llmText };
    };
    const gate = createCallGate();
    const started = startAppHost({
      frame: element,
      tool,
      html: ready.document.html,
      csp: ready.csp,
      theme: pageTheme(),
      styles: hostStyles(),
      log: (entry) => live.store.appendLog(url, entry),
      async callTool(name, args, signal) {
        const { connection: current, services: page } = latest.current;
        if (!gate.enter()) return tooManyCalls(name);
        const { result, outcome } = await runAppToolCall(
          {
            listed: current?.tools ?? [],
            serverName: current?.server?.name ?? url,
            definition: async (toolName) =>
              current?.toolsetId
                ? ((await page.toolsets.loadTool(current.toolsetId, toolName))?.tool ?? undefined)
                : undefined,
            verdict,
            approve: (request, abort) =>
              page.runtime.askApprovalInPage({ callId: `app-${request.tool}`, ...request }, abort),
            call: (toolName, toolArgs, abort) => live.callTool(url, toolName, toolArgs, abort ? { signal: abort } : {}),
          },
          name,
          args,
          signal,
        ).finally(() => gate.leave());
        setCalls((list) => [...list, { name, outcome }].slice(-MAX_MESSAGES));
        return result;
      },
      async readResource(resourceUri, signal) {
        const outcome = await live.readResource(url, resourceUri, signal ? { signal } : {});
        if (!outcome.ok) throw new Error(outcome.failure.message);
        return outcome.value;
      },
      onMessage: (content) => setMessages((list) => [...list, messageText(content)].slice(-MAX_MESSAGES)),
      onOpenLink: (link) => setLinks((list) => (list.includes(link) ? list : [...list, link].slice(-MAX_LINKS))),
      onHeight: (next) => setHeight(Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, Math.ceil(next)))),
      onDisplayMode: (next) => {
        setMode(next);
        return next;
      },
      onInitialized: () => setInitialized(true),
    });
    host.current = started;
    sent.current = { input: false, result: false };
    const leaving = createRetirement(element, started);
    retirement.current = leaving;
    // A browser that cannot move the frame out running loses it with the page: the app is told before the page changes.
    const release = framesMoveRunning(document) ? () => undefined : holdLeaving(page.route, leaving.tell);
    return () => {
      release();
      host.current = null;
      frame.current = null;
      retirement.current = null;
      setInitialized(false);
      void leaving.retire();
    };
  }, [ready, tool, live, url, page]);

  const retired = useRef(onRetired);
  retired.current = onRetired;
  useEffect(() => {
    if (!retiring) return;
    let active = true;
    void (retirement.current?.tell() ?? Promise.resolve()).then(() => active && retired.current?.());
    return () => {
      active = false;
    };
  }, [retiring]);

  useLayoutEffect(() => {
    if (frame.current) frame.current.style.height = mode === 'fullscreen' ? '' : `${height}px`;
  }, [height, mode, ready]);

  // The call's arguments once the app is ready, then its result (or that it was cancelled) when it arrives.
  useEffect(() => {
    const bridge = host.current?.bridge;
    if (!initialized || !bridge) return;
    if (!sent.current.input) {
      sent.current.input = true;
      void bridge.sendToolInput({ arguments: call.args });
    }
    if (!sent.current.result && call.result) {
      sent.current.result = true;
      void bridge.sendToolResult(call.result);
    } else if (!sent.current.result && call.failure) {
      sent.current.result = true;
      void bridge.sendToolCancelled({ reason: call.failure });
    }
  }, [initialized, call]);

  useEffect(() => {
    host.current?.setContext({ theme, styles: { variables: hostStyles() } });
  }, [theme]);

  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMode('inline');
      host.current?.setContext({ displayMode: 'inline' });
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [mode]);

  const leaveFullscreen = () => {
    setMode('inline');
    host.current?.setContext({ displayMode: 'inline' });
  };

  const dropped = ready?.csp.dropped ?? [];
  return (
    <section
      className={`mcp-app${mode === 'fullscreen' ? ' mcp-app-fullscreen' : ''}`}
      aria-labelledby={`${id}-title`}
      hidden={retiring}
      data-testid={retiring ? undefined : 'mcp-app'}
    >
      <div className="mcp-app-bar">
        <h3 id={`${id}-title`}>
          The tool’s interface <span className="muted small">{uri}</span>
        </h3>
        {mode === 'fullscreen' ? (
          <button type="button" className="button button-small" onClick={leaveFullscreen}>
            Exit full screen
          </button>
        ) : null}
      </div>
      {loaded.state === 'loading' ? <p className="muted small">Reading {uri}…</p> : null}
      {loaded.state === 'failed' ? (
        <p className="field-error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      {ready ? <div ref={slot} className="mcp-app-frame-slot" /> : null}
      <p className="muted small">
        Runs sandboxed, with no access to this site’s storage or pages; it reaches only what it declares
        {ready && ready.csp.csp.connectDomains.length > 0
          ? ` (${ready.csp.csp.connectDomains.join(', ')})`
          : ' (no network)'}
        . Its tool calls are checked and approved here.
      </p>
      {dropped.length > 0 ? (
        <details className="mcp-app-dropped">
          <summary>
            {dropped.length} declared {dropped.length === 1 ? 'origin is' : 'origins are'} not granted
          </summary>
          <ul>
            {dropped.map((entry, index) => (
              <li key={index}>
                <code>{entry.field}</code> <code>{entry.source}</code>: {entry.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {calls.length > 0 ? (
        <ul className="mcp-app-notes" aria-label="Tool calls from the app" data-testid="mcp-app-calls">
          {calls.map((entry, index) => (
            <li key={index}>
              <code>{entry.name}</code> {OUTCOME_TEXT[entry.outcome] ?? entry.outcome}
            </li>
          ))}
        </ul>
      ) : null}
      {messages.length > 0 ? (
        <div className="mcp-app-messages" data-testid="mcp-app-messages">
          <p className="mcp-kind">Messages from the app</p>
          {messages.map((text, index) => (
            <pre key={index} className="mcp-text">
              {text}
            </pre>
          ))}
        </div>
      ) : null}
      {links.map((link) => (
        <p key={link} className="mcp-app-link">
          The app asks to open a page on <strong>{new URL(link).host}</strong>:{' '}
          <a href={link} target="_blank" rel="noopener noreferrer nofollow">
            {link}
          </a>
        </p>
      ))}
    </section>
  );
}

const OUTCOME_TEXT: Record<string, string> = {
  ran: 'called by the app: checked, and run on the server.',
  refused: 'called by the app: refused (see the app for the reason).',
  invalid: 'called by the app: refused by validation, not sent.',
  denied: 'called by the app: declined, not sent.',
  failed: 'called by the app: sent, and the server failed.',
};
