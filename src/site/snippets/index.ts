/**
 * "Use this tool": code that offers a tool to a model through each provider's SDK (and curl), registers it on an MCP
 * server, and types its arguments. Each call snippet carries the definition exactly as `export` writes it for that
 * provider; keys are read from the environment, never written into a snippet.
 */
import { exportTool } from '../../core/export';
import { isJsonObject } from '../../core/json/is-json-object';
import type { JsonSchema, ToolDefinition } from '../../core/toolset/types';
import { ModelWriter, fieldArguments, pydanticSnippet, pythonField, pythonLiteral } from './python';
import { typescriptSnippet, zodExpression, zodSnippet } from './schema-code';

type SnippetLanguage = 'typescript' | 'python' | 'shell';

export interface Snippet {
  id: string;
  label: string;
  language: SnippetLanguage;
  code: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/** What the snippets ask the model: the tool's own words, so the model has reason to call it. */
const prompt = (tool: ToolDefinition) => `${tool.title}: ${tool.examples[0]?.title ?? tool.name}`;

const OPENAI_MODEL = 'gpt-4.1';
const ANTHROPIC_MODEL = 'claude-sonnet-4-5';
const GEMINI_MODEL = 'gemini-2.5-flash';

function openaiTypescript(tool: ToolDefinition): string {
  const definition = exportTool(tool, 'openai-chat').value;
  return `import OpenAI from 'openai';

const client = new OpenAI(); // the key from OPENAI_API_KEY
const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [${json(definition)}];

const completion = await client.chat.completions.create({
  model: ${JSON.stringify(OPENAI_MODEL)},
  messages: [{ role: 'user', content: ${JSON.stringify(prompt(tool))} }],
  tools,
});
for (const call of completion.choices[0]?.message.tool_calls ?? []) {
  if (call.type === 'function') console.log(call.function.name, JSON.parse(call.function.arguments));
}
`;
}

function openaiPython(tool: ToolDefinition): string {
  const definition = exportTool(tool, 'openai-chat').value;
  return `import json

from openai import OpenAI

client = OpenAI()  # the key from OPENAI_API_KEY
tools = [${pythonLiteral(definition)}]

completion = client.chat.completions.create(
    model=${JSON.stringify(OPENAI_MODEL)},
    messages=[{"role": "user", "content": ${JSON.stringify(prompt(tool))}}],
    tools=tools,
)
for call in completion.choices[0].message.tool_calls or []:
    print(call.function.name, json.loads(call.function.arguments))
`;
}

function anthropicTypescript(tool: ToolDefinition): string {
  const definition = exportTool(tool, 'anthropic').value;
  return `import Anthropic from '@anthropic-ai/sdk';

const client = new Anthropic(); // the key from ANTHROPIC_API_KEY
const tools: Anthropic.Tool[] = [${json(definition)}];

const message = await client.messages.create({
  model: ${JSON.stringify(ANTHROPIC_MODEL)},
  max_tokens: 1024,
  messages: [{ role: 'user', content: ${JSON.stringify(prompt(tool))} }],
  tools,
});
for (const block of message.content) {
  if (block.type === 'tool_use') console.log(block.name, block.input);
}
`;
}

function anthropicPython(tool: ToolDefinition): string {
  const definition = exportTool(tool, 'anthropic').value;
  return `import anthropic

client = anthropic.Anthropic()  # the key from ANTHROPIC_API_KEY
tools = [${pythonLiteral(definition)}]

message = client.messages.create(
    model=${JSON.stringify(ANTHROPIC_MODEL)},
    max_tokens=1024,
    messages=[{"role": "user", "content": ${JSON.stringify(prompt(tool))}}],
    tools=tools,
)
for block in message.content:
    if block.type == "tool_use":
        print(block.name, block.input)
`;
}

function geminiPython(tool: ToolDefinition): string {
  const definition = exportTool(tool, 'gemini').value;
  return `from google import genai
from google.genai import types

client = genai.Client()  # the key from GEMINI_API_KEY
declaration = ${pythonLiteral(definition)}

response = client.models.generate_content(
    model=${JSON.stringify(GEMINI_MODEL)},
    contents=${JSON.stringify(prompt(tool))},
    config=types.GenerateContentConfig(tools=[types.Tool(function_declarations=[declaration])]),
)
for call in response.function_calls or []:
    print(call.name, call.args)
`;
}

function aiSdk(tool: ToolDefinition): string {
  return `import { generateText, jsonSchema, tool } from 'ai';
import { openai } from '@ai-sdk/openai';

const result = await generateText({
  model: openai(${JSON.stringify(OPENAI_MODEL)}), // the key from OPENAI_API_KEY
  prompt: ${JSON.stringify(prompt(tool))},
  tools: {
    ${JSON.stringify(tool.name)}: tool({
      description: ${JSON.stringify(tool.description)},
      inputSchema: jsonSchema(${indent(json(tool.inputSchema), '      ')}),
    }),
  },
});
for (const call of result.toolCalls) console.log(call.toolName, call.input);
`;
}

function curl(tool: ToolDefinition): string {
  const body = {
    model: OPENAI_MODEL,
    messages: [{ role: 'user', content: prompt(tool) }],
    tools: [exportTool(tool, 'openai-chat').value],
  };
  // A quoted here-document: the shell changes nothing in the JSON. Its end line cannot occur inside (JSON has no bare line of this word).
  return `curl https://api.openai.com/v1/chat/completions \\
  -H "Authorization: Bearer $OPENAI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d @- <<'JSON'
${json(body)}
JSON
`;
}

function mcpTypescript(tool: ToolDefinition): string {
  return `import { McpServer, StdioServerTransport } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'my-tools', version: '1.0.0' });

server.registerTool(
  ${JSON.stringify(tool.name)},
  {
    title: ${JSON.stringify(tool.title)},
    description: ${JSON.stringify(tool.description)},
    inputSchema: ${indent(zodExpression(tool.inputSchema), '    ')},
  },
  async (args) => {
    // The arguments arrive checked against the schema above; the tool's work goes here.
    return { content: [{ type: 'text', text: JSON.stringify(args) }] };
  },
);

await server.connect(new StdioServerTransport());
`;
}

function mcpPython(tool: ToolDefinition): string {
  const writer = new ModelWriter();
  const schema = tool.inputSchema;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const properties = Object.entries(isJsonObject(schema.properties) ? schema.properties : {}).flatMap(
    ([name, value]) => (isJsonObject(value) ? [[name, value] as [string, JsonSchema]] : []),
  );
  // Python wants the parameters without a default first.
  const ordered = [
    ...properties.filter(([name]) => required.includes(name)),
    ...properties.filter(([name]) => !required.includes(name)),
  ];
  const parameters = ordered.map(([name, property]) => {
    const { field, alias } = pythonField(name);
    const isRequired = required.includes(name);
    let type = writer.pythonType(property, `${field[0]!.toUpperCase()}${field.slice(1)}`);
    if (!isRequired && property.default === undefined) type = `Optional[${type}]`;
    const [fallback, ...settings] = fieldArguments(property, isRequired, alias);
    return `    ${field}: Annotated[${type}, Field(${settings.join(', ')})]${isRequired ? '' : ` = ${fallback}`},`;
  });
  const models = writer.classes.length > 0 ? `\n\n${writer.classes.join('\n\n\n')}\n` : '';
  const functionName = pythonField(
    tool.name.replace(/[A-Z]/g, (letter, index: number) => `${index > 0 ? '_' : ''}${letter.toLowerCase()}`),
  ).field;
  return `from typing import Annotated, Any, Dict, List, Literal, Optional, Union

from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, ConfigDict, Field

mcp = FastMCP("my-tools")
${models}

@mcp.tool(name=${JSON.stringify(tool.name)}, description=${JSON.stringify(tool.description)})
def ${functionName}(
${parameters.join('\n')}
) -> str:
    # The arguments arrive checked against their types and bounds; the tool's work goes here.
    return "done"


if __name__ == "__main__":
    mcp.run()
`;
}

/** Every snippet for a tool, in the order the page shows them. */
export function toolSnippets(tool: ToolDefinition): Snippet[] {
  return [
    { id: 'openai-typescript', label: 'OpenAI SDK (TypeScript)', language: 'typescript', code: openaiTypescript(tool) },
    { id: 'openai-python', label: 'OpenAI SDK (Python)', language: 'python', code: openaiPython(tool) },
    {
      id: 'anthropic-typescript',
      label: 'Anthropic SDK (TypeScript)',
      language: 'typescript',
      code: anthropicTypescript(tool),
    },
    { id: 'anthropic-python', label: 'Anthropic SDK (Python)', language: 'python', code: anthropicPython(tool) },
    { id: 'gemini', label: 'Gemini (Google Gen AI SDK, Python)', language: 'python', code: geminiPython(tool) },
    { id: 'ai-sdk', label: 'AI SDK', language: 'typescript', code: aiSdk(tool) },
    { id: 'curl', label: 'curl', language: 'shell', code: curl(tool) },
    {
      id: 'mcp-typescript',
      label: 'MCP server (TypeScript SDK v2)',
      language: 'typescript',
      code: mcpTypescript(tool),
    },
    { id: 'mcp-python', label: 'MCP server (Python SDK)', language: 'python', code: mcpPython(tool) },
    {
      id: 'typescript-type',
      label: 'Arguments as a TypeScript type',
      language: 'typescript',
      code: typescriptSnippet(tool.name, tool.inputSchema),
    },
    {
      id: 'zod',
      label: 'Arguments as a Zod schema',
      language: 'typescript',
      code: zodSnippet(tool.name, tool.inputSchema),
    },
    {
      id: 'pydantic',
      label: 'Arguments as a Pydantic model',
      language: 'python',
      code: pydanticSnippet(tool.name, tool.inputSchema),
    },
  ];
}
