/** What the CLI prints for real-world definitions (multi-line descriptions, anyOf with null, long names, one tool). */
import { describe, expect, it } from 'vitest';
import type { CallSummary } from '../core/calls';
import type { JsonObject, ToolDefinition, ToolsetBundle } from '../core/toolset/types';
import { formatBatchSummary } from './commands/validate-batch';
import { createStyle } from './style';
import { runCli } from './run';

const tool = (
  name: string,
  description: string,
  properties: JsonObject,
  extra: Partial<ToolDefinition> = {},
): ToolDefinition => ({
  name,
  title: name,
  description,
  version: '1.0.0',
  category: 'imported',
  riskLevel: 'medium',
  tags: [],
  inputSchema: { type: 'object', properties },
  examples: [],
  invalidExamples: [],
  ...extra,
});

const bundleOf = (...tools: ToolDefinition[]): ToolsetBundle => ({
  manifest: {
    id: 'real',
    name: 'Real tools',
    version: '1.0.0',
    description: 'Captured',
    categories: [{ id: 'imported', name: 'Imported', description: '', tools: tools.map((entry) => entry.name) }],
  },
  tools,
});

const run = (bundle: ToolsetBundle, ...argv: string[]) => runCli(argv, { bundle, toolsets: [bundle] });

describe('list', () => {
  it('keeps every row of a tool with a multi-line description on one line', async () => {
    const bundle = bundleOf(
      tool('browser_navigate', 'Navigate to a URL\nand wait for the page\n\n  to load', {}),
      tool('read', 'Read a file.\nReturns its text.', {}),
    );
    const out = (await run(bundle, 'list')).stdout.split('\n');
    const navigate = out.find((line) => line.includes('browser_navigate'));
    expect(navigate).toMatch(/browser_navigate\s+Navigate to a URL and wait for the page to load\s+│$/);
    expect(out.find((line) => line.includes(' read '))).toMatch(/read\s+Read a file\s+│$/);
    // Every line of the box has the same width: nothing broke out of the table.
    const widths = new Set(out.filter((line) => line.startsWith('│')).map((line) => line.length));
    expect(widths.size).toBe(1);
  });

  it('says "1 tool", not "1 tools"', async () => {
    const bundle = bundleOf(tool('only', 'The only tool.', {}));
    expect((await run(bundle, 'list')).stdout).toContain('Total: 1 tool\n'.replace('\n', ''));
    expect((await run(bundle, 'list')).stdout).not.toMatch(/\b1 tools\b/);
    expect((await run(bundle, 'list', '--toolsets')).stdout).toContain('1 tool in 1 category');
    expect((await run(bundle, 'lint', '--provider', 'mcp')).stdout).toContain('of 1 tool accepted');
    expect((await run(bundle, 'show', 'nope')).stderr).not.toMatch(/\b1 tools\b/);
  });
});

describe('show', () => {
  it('prints an anyOf of an enum and null with its type, values and nullable, not as any', async () => {
    const bundle = bundleOf(
      tool(
        'search',
        'Search.',
        {
          sort: { anyOf: [{ type: 'string', enum: ['stars', 'forks'] }, { type: 'null' }], description: 'Sort order' },
          size: { anyOf: [{ type: 'integer', minimum: 1, maximum: 100 }, { type: 'null' }], default: null },
          owner: { $ref: '#/$defs/login' },
        },
        {
          inputSchema: {
            type: 'object',
            properties: {
              sort: {
                anyOf: [{ type: 'string', enum: ['stars', 'forks'] }, { type: 'null' }],
                description: 'Sort order',
              },
              size: { anyOf: [{ type: 'integer', minimum: 1, maximum: 100 }, { type: 'null' }] },
              owner: { $ref: '#/$defs/login' },
            },
            $defs: { login: { type: 'string', maxLength: 39 } },
          },
        },
      ),
    );
    const out = (await run(bundle, 'show', 'search')).stdout;
    expect(out).toMatch(/sort\s+string\|null\s+\[optional\]\s+Sort order/);
    expect(out).toMatch(/size\s+integer\|null/);
    expect(out).toMatch(/owner\s+string/);
    expect(out).not.toMatch(/\bany\b/);
    expect(out).toMatch(/sort:\s+enum \[stars, forks\], nullable/);
    expect(out).toMatch(/size:\s+minimum 1, maximum 100, nullable/);
    expect(out).toMatch(/owner:\s+maxLength 39/);
  });
});

describe('validate --batch tables', () => {
  it('keeps the number columns aligned when a tool or parameter name is longer than 24 characters', () => {
    const long = 'mcp__github__create_or_update_file_contents';
    const summary: CallSummary = {
      calls: 3,
      valid: 1,
      invalid: 2,
      unknownTool: 0,
      unparseable: 0,
      skipped: 0,
      invalidRate: 2 / 3,
      formats: [],
      layout: null,
      byTool: [
        { tool: long, known: true, calls: 2, valid: 0, invalid: 2, unparseable: 0, invalidRate: 1 },
        { tool: 'read', known: true, calls: 1, valid: 1, invalid: 0, unparseable: 0, invalidRate: 0 },
      ],
      byCode: [{ code: 'missing_required', count: 2 }],
      parameters: [
        { tool: long, parameter: 'branch_name_for_the_commit', count: 2, codes: { missing_required: 2 } },
        { tool: 'read', parameter: 'path', count: 1, codes: { wrong_type: 1 } },
      ],
      fixes: [],
      unknownTools: [
        { tool: 'an_unknown_tool_with_a_long_name_indeed', count: 12, suggestions: [] },
        { tool: 'x', count: 3, suggestions: ['read'] },
      ],
    };
    const out = formatBatchSummary(summary, createStyle(false));
    const rowOf = (text: string) => out.find((line) => line.startsWith(`  ${text}`)) ?? '';
    // Right-aligned counts end at the same column in every row of a table.
    const endOf = (line: string, value: string) => line.indexOf(` ${value}`) + value.length + 1;
    const header = out.find((line) => line.startsWith('By tool')) ?? '';
    expect(endOf(rowOf(long), '2')).toBe(header.indexOf('calls') + 'calls'.length);
    expect(endOf(rowOf('read '), '1')).toBe(header.indexOf('calls') + 'calls'.length);
    expect(rowOf(`${long}.branch`).indexOf(' 2 ')).toBe(rowOf('read.path').indexOf(' 1 '));
    expect(rowOf('an_unknown').indexOf('12') + 2).toBe(rowOf('x ').indexOf('3') + 1);
  });
});
