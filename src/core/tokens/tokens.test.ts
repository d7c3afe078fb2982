import { beforeAll, describe, expect, it } from 'vitest';
import { exportTool } from '../export';
import { bundle } from '../toolset/bundle';
import {
  loadTokenizer,
  PROVIDER_TOKEN_INFO,
  toolsetTokens,
  toolTokens,
  TOOLSET_TOKEN_BUDGET,
  type Tokenizer,
} from './index';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer();
});

const GET_WEATHER = {
  name: 'get_weather',
  description: 'Look up the weather for a city.',
  parameters: {
    type: 'object',
    required: ['city'],
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  },
};

describe('the tokenizer', () => {
  it('is o200k_base with its known counts ("hello world" = [24912, 2375], "Hello, world!" = [13225, 11, 2375, 0])', () => {
    expect(tokenizer.encoding).toBe('o200k_base');
    expect(tokenizer.count('hello world')).toBe(2);
    expect(tokenizer.count('Hello, world!')).toBe(4);
    expect(tokenizer.count('')).toBe(0);
  });

  it('counts a function as OpenAI renders it: the namespace text plus 9 tokens of overhead', () => {
    const rendered =
      'namespace functions {\n\n// Look up the weather for a city.\ntype get_weather = (_: {\ncity: string,\nunit?: "celsius" | "fahrenheit",\n}) => any;\n\n} // namespace functions';
    expect(tokenizer.countFunctions([GET_WEATHER])).toBe(tokenizer.count(rendered) + 9);
    expect(tokenizer.countFunctions([GET_WEATHER])).toBe(50);
  });

  it('is loaded once and shared', async () => {
    expect(await loadTokenizer()).toBe(tokenizer);
  });
});

describe('toolTokens', () => {
  const readFile = bundle.tools.find((tool) => tool.name === 'read_file')!;

  it('counts each provider on its exported form', () => {
    const result = toolTokens(readFile, tokenizer);
    const openAiFunction = (exportTool(readFile, 'openai-chat').value as { function: { name: string } }).function;
    expect(result.byProvider.openai).toBe(tokenizer.countFunctions([openAiFunction]));
    expect(result.byProvider.anthropic).toBe(tokenizer.count(JSON.stringify(exportTool(readFile, 'anthropic').value)));
    expect(result.byProvider.gemini).toBe(tokenizer.count(JSON.stringify(exportTool(readFile, 'gemini').value)));
    expect(result.byProvider.mcp).toBe(tokenizer.count(JSON.stringify(exportTool(readFile, 'mcp').value)));
  });

  it('splits the OpenAI count into parts that add up, heaviest first', () => {
    const { parts, byProvider } = toolTokens(readFile, tokenizer);
    expect(parts.reduce((sum, part) => sum + part.tokens, 0)).toBe(byProvider.openai);
    expect(parts.map((part) => part.tokens)).toEqual([...parts.map((part) => part.tokens)].sort((a, b) => b - a));
    expect(parts.find((part) => part.label === 'description')?.tokens).toBe(tokenizer.count(readFile.description));
    expect(parts.map((part) => part.pointer)).toContain('/inputSchema/properties/encoding');
  });

  it('a longer description costs more', () => {
    const longer = {
      ...readFile,
      description: `${readFile.description} It never writes, and it refuses binary files larger than ten megabytes.`,
    };
    expect(toolTokens(longer, tokenizer).byProvider.openai).toBeGreaterThan(
      toolTokens(readFile, tokenizer).byProvider.openai,
    );
  });
});

describe('toolsetTokens', () => {
  it('lists the heaviest tools first against the 3,000-token budget', () => {
    const report = toolsetTokens(bundle.tools, tokenizer);
    expect(report.budget).toBe(TOOLSET_TOKEN_BUDGET);
    expect(report.tools).toHaveLength(bundle.tools.length);
    const counts = report.tools.map((tool) => tool.byProvider.openai);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('renders OpenAI functions once, so the toolset costs less than the sum of its tools', () => {
    const report = toolsetTokens(bundle.tools, tokenizer);
    const sum = report.tools.reduce((total, tool) => total + tool.byProvider.openai, 0);
    expect(report.totals.openai).toBeLessThan(sum);
    expect(report.totals.anthropic).toBe(report.tools.reduce((total, tool) => total + tool.byProvider.anthropic, 0));
  });

  it('says which counts are approximate and why', () => {
    expect(PROVIDER_TOKEN_INFO.openai.exact).toBe(true);
    for (const provider of ['anthropic', 'gemini', 'mcp'] as const) {
      expect(PROVIDER_TOKEN_INFO[provider].exact).toBe(false);
      expect(PROVIDER_TOKEN_INFO[provider].how).toMatch(/^Approximate: /);
    }
  });
});
