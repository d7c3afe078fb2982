/**
 * The host side of one app (MCP Apps), over ext-apps' AppBridge: the bridge speaks the protocol with the app
 * through the sandbox frame (mcp-app-sandbox.html, which passes every message both ways), and this wires what it
 * asks of the host to the page: tool calls through the page's checks (appToolCall.ts), resource reads, messages,
 * links, size and display mode. Every message both ways is written to the connection's protocol log.
 */
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostContext,
  type McpUiResourceCsp,
  type McpUiStyles,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ContentBlock, ReadResourceResult, Tool } from '@modelcontextprotocol/client';
import { LoggedTransport, type LogEntry } from '../../../core/mcp/log';
import { appPolicy, withPolicy, type NarrowedCsp } from '../../../core/mcp/apps/csp';
import { boundedAppEntry } from '../../../core/mcp/apps/logCopy';
import { AppFrameTransport } from './appTransport';

const HOST_INFO = { name: 'tool-schema-playground', version: '1.0.0' } as const;
const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

export interface AppHostOptions {
  /** The sandbox frame (mcp-app-sandbox.html), in the page but not yet loaded. */
  frame: HTMLIFrameElement;
  /** The tool whose app this is, as the server listed it. */
  tool: Tool;
  html: string;
  csp: NarrowedCsp;
  theme: 'light' | 'dark';
  /** The page's look as the Apps style variables. */
  styles?: McpUiStyles;
  log(entry: LogEntry): void;
  callTool(name: string, args: unknown, signal: AbortSignal | undefined): Promise<CallToolResult>;
  readResource(uri: string, signal: AbortSignal | undefined): Promise<ReadResourceResult>;
  /** `ui/message`: what the app asks to add to the conversation. */
  onMessage(content: ContentBlock[]): void;
  /** `ui/open-link`: shown to the person, opened only by their click. */
  onOpenLink(url: string): void;
  onHeight(height: number): void;
  /** Asked for a display mode: the one the page now shows. */
  onDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  onInitialized(): void;
}

export interface AppHost {
  bridge: AppBridge;
  setContext(patch: Partial<McpUiHostContext>): void;
  /**
   * `ui/resource-teardown`, for an app that has initialized: settles when the app answers, or rejects once
   * `limitMs` has passed; an app that never initialized is not asked.
   */
  teardown(limitMs: number): Promise<unknown>;
  close(): Promise<void>;
}

export function startAppHost(options: AppHostOptions): AppHost {
  const { frame, tool, csp } = options;
  const granted: McpUiResourceCsp = csp.csp;
  let context: McpUiHostContext = {
    toolInfo: { tool },
    theme: options.theme,
    ...(options.styles ? { styles: { variables: options.styles } } : {}),
    displayMode: 'inline',
    availableDisplayModes: DISPLAY_MODES,
    platform: 'web',
    locale: typeof navigator !== 'undefined' ? navigator.language : 'en',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: HOST_INFO.name,
  };
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    {
      serverTools: {},
      serverResources: {},
      logging: {},
      openLinks: {},
      message: { text: {} },
      sandbox: { csp: granted },
    },
    { hostContext: context },
  );
  bridge.oncalltool = (params, extra) => options.callTool(params.name, params.arguments, extra.mcpReq.signal);
  bridge.onreadresource = (params, extra) => options.readResource(params.uri, extra.mcpReq.signal);
  bridge.onmessage = async (params) => {
    options.onMessage(params.content);
    return {};
  };
  bridge.onopenlink = async (params) => {
    let url: URL;
    try {
      url = new URL(params.url);
    } catch {
      return { isError: true };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { isError: true };
    options.onOpenLink(url.href);
    return {};
  };
  bridge.onrequestdisplaymode = async (params) => {
    const mode = options.onDisplayMode(DISPLAY_MODES.includes(params.mode) ? params.mode : 'inline');
    context = { ...context, displayMode: mode };
    bridge.setHostContext(context);
    return { mode };
  };
  bridge.addEventListener('sizechange', ({ height }) => {
    if (typeof height === 'number' && Number.isFinite(height)) options.onHeight(height);
  });
  let initialized = false;
  bridge.addEventListener('initialized', () => {
    initialized = true;
    options.onInitialized();
  });
  bridge.addEventListener('sandboxready', () => {
    // The app's own policy, first in its document: the frame's page enforces the site's ceiling, this the app's share of it.
    void bridge.sendSandboxResourceReady({
      html: withPolicy(options.html, appPolicy(csp.csp)),
      csp: granted,
      sandbox: 'allow-scripts',
    });
  });
  const target = frame.contentWindow!;
  void bridge.connect(
    new LoggedTransport(new AppFrameTransport(target, target), (entry) =>
      options.log(boundedAppEntry({ ...entry, peer: 'app' })),
    ),
  );
  return {
    bridge,
    setContext(patch) {
      context = { ...context, ...patch };
      bridge.setHostContext(context);
    },
    teardown: (limitMs) =>
      initialized ? bridge.teardownResource({}, { timeout: limitMs }) : Promise.resolve(undefined),
    close: () => bridge.close(),
  };
}
