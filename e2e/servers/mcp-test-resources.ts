/**
 * What the MCP test server offers besides tools: instructions for the model (sent with `initialize`), resources
 * and prompts. The texts carry markup on purpose: a page must show them as text.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const TEST_INSTRUCTIONS =
  'Call add for sums; <b>never</b> call slow in a hurry.\nThe every_content tool shows each content type.';

export function registerTestResourcesAndPrompts(server: McpServer): void {
  server.registerResource(
    'readme',
    'file:///project/README.md',
    { title: 'Project README', description: 'How the <i>project</i> is laid out.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Project\n' }] }),
  );
  server.registerResource(
    'settings',
    'config://settings.json',
    { description: 'The server settings.', mimeType: 'application/json' },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: '{}' }],
    }),
  );
  server.registerPrompt(
    'review_code',
    {
      title: 'Review code',
      description: 'Asks for a review of a change.',
      argsSchema: {
        code: z.string().describe('The code to review'),
        focus: z.string().optional().describe('What to look at'),
      },
    },
    ({ code }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Review:\n${code}` } }] }),
  );
  server.registerPrompt('summarize', { description: 'Summarizes the conversation.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarize.' } }],
  }));
}
