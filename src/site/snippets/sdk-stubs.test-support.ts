/**
 * Type-only stand-ins for the SDKs the TypeScript snippets import, which this project does not install: the parts
 * the snippets use, with the shapes the SDKs declare for them (the OpenAI Node SDK's ChatCompletionTool, the
 * Anthropic SDK's Tool, the AI SDK's tool/jsonSchema/generateText, the MCP TypeScript SDK v2's McpServer). Zod is
 * the real one.
 */
export const SDK_STUBS = `
declare module 'openai' {
  namespace OpenAI {
    namespace Chat {
      namespace Completions {
        interface FunctionDefinition {
          name: string;
          description?: string;
          parameters?: { [key: string]: unknown };
          strict?: boolean | null;
        }
        interface ChatCompletionFunctionTool {
          type: 'function';
          function: FunctionDefinition;
        }
        type ChatCompletionTool = ChatCompletionFunctionTool;
        type ChatCompletionMessageToolCall =
          | { id: string; type: 'function'; function: { name: string; arguments: string } }
          | { id: string; type: 'custom'; custom: { name: string; input: string } };
      }
    }
  }
  class OpenAI {
    constructor(options?: { apiKey?: string; baseURL?: string });
    chat: {
      completions: {
        create(body: {
          model: string;
          messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
          tools?: OpenAI.Chat.Completions.ChatCompletionTool[];
        }): Promise<{ choices: Array<{ message: { content: string | null; tool_calls?: OpenAI.Chat.Completions.ChatCompletionMessageToolCall[] } }> }>;
      };
    };
  }
  export default OpenAI;
}

declare module '@anthropic-ai/sdk' {
  namespace Anthropic {
    interface Tool {
      name: string;
      description?: string;
      input_schema: { type: 'object'; properties?: unknown | null; required?: string[] | null; [key: string]: unknown };
      strict?: boolean;
      type?: 'custom' | null;
    }
    type ContentBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };
  }
  class Anthropic {
    constructor(options?: { apiKey?: string });
    messages: {
      create(body: {
        model: string;
        max_tokens: number;
        messages: Array<{ role: 'user' | 'assistant'; content: string }>;
        tools?: Anthropic.Tool[];
      }): Promise<{ content: Anthropic.ContentBlock[] }>;
    };
  }
  export default Anthropic;
}

declare module 'ai' {
  export interface Schema<OBJECT = unknown> {
    readonly jsonSchema: unknown;
    readonly _type?: OBJECT;
  }
  export function jsonSchema<OBJECT = unknown>(schema: { [key: string]: unknown }): Schema<OBJECT>;
  export interface Tool<INPUT = unknown> {
    description?: string;
    inputSchema: Schema<INPUT>;
  }
  export function tool<INPUT>(definition: { description?: string; inputSchema: Schema<INPUT> }): Tool<INPUT>;
  export interface LanguageModel {
    readonly modelId: string;
  }
  export function generateText(options: { model: LanguageModel; prompt: string; tools?: Record<string, Tool> }): Promise<{
    text: string;
    toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
  }>;
}

declare module '@ai-sdk/openai' {
  import type { LanguageModel } from 'ai';
  export function openai(modelId: string): LanguageModel;
}

declare module '@modelcontextprotocol/server' {
  import type { z } from 'zod';
  type CallToolResult = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };
  export class McpServer {
    constructor(serverInfo: { name: string; version: string });
    registerTool<Input extends z.ZodType>(
      name: string,
      config: { title?: string; description?: string; inputSchema?: Input },
      handler: (args: z.infer<Input>) => CallToolResult | Promise<CallToolResult>,
    ): void;
    connect(transport: StdioServerTransport): Promise<void>;
  }
  export class StdioServerTransport {
    constructor();
  }
}
`;
