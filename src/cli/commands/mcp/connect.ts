/** Connects a command's target: a URL through the core client, a command line over stdio (the SDK's transport). */
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  connectHttp,
  connectTransport,
  type ConnectOptions,
  type McpConnection,
  type McpOutcome,
} from '../../../core/mcp/client';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { McpTarget } from './target';

export async function connectTarget(
  target: McpTarget,
  options: ConnectOptions & { authProvider?: OAuthClientProvider; transport?: 'auto' | 'streamable-http' | 'sse' } = {},
): Promise<McpOutcome<McpConnection>> {
  if (target.kind === 'url') {
    return connectHttp(
      {
        url: target.url,
        headers: target.headers,
        ...(options.authProvider ? { authProvider: options.authProvider } : {}),
        ...(options.transport ? { transport: options.transport } : {}),
      },
      options,
    );
  }
  // The server's stderr goes to ours: its own messages help when it fails to start.
  const transport = new StdioClientTransport({ command: target.command, args: target.args, stderr: 'inherit' });
  return connectTransport(transport, 'stdio', options);
}
