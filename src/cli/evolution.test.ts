import { describe, expect, it } from 'vitest';
import { collection } from '../core/toolset/bundle';
import { defaultToolset } from '../core/toolset/collection';
import { runCli } from './run';

const bundle = defaultToolset(collection);
const readFileTool = bundle.tools.find((tool) => tool.name === 'read_file')!;
const files: Record<string, string> = {
  'old.json': JSON.stringify({ ...readFileTool, version: '1.0.0' }),
  'new.json': JSON.stringify({
    ...readFileTool,
    version: '1.1.0',
    inputSchema: { ...readFileTool.inputSchema, required: ['path', 'encoding'] },
  }),
  'openai.json': JSON.stringify([
    {
      type: 'function',
      function: {
        name: 'read_file',
        description: 'Reads.',
        parameters: { type: 'object', properties: { path: { type: 'string' } } },
      },
    },
  ]),
  'two.json': JSON.stringify({
    tools: [
      { name: 'a', description: 'A tool.', input_schema: { type: 'object', properties: {} } },
      { name: 'b', description: 'B tool.', input_schema: { type: 'object', properties: { x: { type: 'string' } } } },
    ],
  }),
};
const readFile = (path: string): string => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  return text;
};
const cli = (...argv: string[]) => runCli(['diff', ...argv], { bundle, toolsets: collection.toolsets, readFile });

describe('diff', () => {
  it('compares two bundled versions and flags a version that breaks the rule', async () => {
    const result = await cli('git_log@0.9.0', 'git_log@0.9.1');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('breaking  /inputSchema/properties/count/maximum');
    expect(result.stdout).toContain('it should have been 0.10.0');
  });

  it('--fail-on breaking exits 1 on a breaking change, 0 on a minor one; --fail-on minor exits 1 on minor', async () => {
    expect((await cli('git_log@0.9.0', 'git_log@0.9.1', '--fail-on', 'breaking')).exitCode).toBe(1);
    expect((await cli('read_file@0.9.0', 'read_file', '--fail-on', 'breaking')).exitCode).toBe(0);
    expect((await cli('read_file@0.9.0', 'read_file', '--fail-on=minor')).exitCode).toBe(1);
    expect(await cli('read_file', 'read_file', '--fail-on', 'minor')).toMatchObject({
      exitCode: 0,
      stdout: expect.stringContaining('No changes.'),
    });
  });

  it('--json gives every change with pointer, class, rule and reason, and the version check', async () => {
    const report = JSON.parse((await cli('read_file@0.9.0', 'read_file', '--json')).stdout) as {
      old: string;
      new: string;
      changes: { pointer: string; class: string; rule: string; message: string }[];
      version: { ok: boolean; expected: string };
    };
    expect(report.old).toBe('read_file@0.9.0');
    expect(report.new).toBe('read_file@1.0.0');
    expect(report.changes[0]).toMatchObject({
      pointer: '/inputSchema/properties/encoding',
      class: 'minor',
      rule: 'optional-parameter-added',
    });
    expect(report.version).toMatchObject({ ok: true, expected: '0.9.1' });
  });

  it('reads files: a tool definition keeps its version; a provider format has none to check', async () => {
    const fromFiles = await cli('old.json', 'new.json', '--fail-on', 'breaking');
    expect(fromFiles.exitCode).toBe(1);
    expect(fromFiles.stdout).toContain("Parameter 'encoding' became required");
    expect(fromFiles.stdout).toContain('should have been 2.0.0');
    const mixed = JSON.parse((await cli('read_file', 'openai.json', '--json')).stdout) as {
      changes: { rule: string }[];
      version?: unknown;
    };
    expect(mixed.changes.map((change) => change.rule)).toEqual(
      expect.arrayContaining(['parameter-removed', 'additional-properties-opened']),
    );
    expect(mixed.version).toBeUndefined();
  });

  it('picks one tool of several with file#name and says which it holds otherwise', async () => {
    const changes = (JSON.parse((await cli('two.json#a', 'two.json#b', '--json')).stdout) as { changes: unknown[] })
      .changes;
    expect(changes).toEqual([
      expect.objectContaining({ rule: 'tool-renamed', class: 'breaking' }),
      expect.objectContaining({ rule: 'optional-parameter-added', pointer: '/inputSchema/properties/x' }),
      expect.objectContaining({ rule: 'annotation-changed', pointer: '/title' }),
      expect.objectContaining({ rule: 'annotation-changed', pointer: '/description' }),
    ]);
    expect((await cli('two.json', 'two.json#b')).stderr).toContain('It holds 2 tools (a, b)');
  });

  it('usage errors name what is wrong', async () => {
    expect(await cli('read_file')).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('Give two definitions to compare (got 1)'),
    });
    expect(await cli('read_file@0.1.0', 'read_file')).toMatchObject({
      exitCode: 2,
      stderr: "No version 0.1.0 of 'read_file'; the toolset holds 1.0.0, 0.9.0.\n",
    });
    expect((await cli('read_fil', 'read_file')).stderr).toContain('Did you mean: read_file?');
    expect((await cli('missing.json', 'read_file')).stderr).toContain("Cannot read 'missing.json': no such file");
    expect((await cli('a', 'b', '--fail-on', 'patch')).stderr).toContain(
      "--fail-on must be breaking or minor, not 'patch'",
    );
  });
});

describe('earlier versions are not tools of their own', () => {
  it('list, search and lint count each tool once', async () => {
    expect((await runCli(['list', '--count'], { bundle })).stdout).toBe('17\n');
    const report = JSON.parse((await runCli(['lint', '--json'], { bundle })).stdout) as { summary: { tools: number } };
    expect(report.summary.tools).toBe(17);
    expect((await runCli(['list', '--show-versions'], { bundle })).stdout).not.toContain('0.9.0');
  });
});

describe('stats --tokens', () => {
  it('lists every tool with its cost per provider, the toolset against the budget, and why some are approximate', async () => {
    const { loadTokenizer } = await import('../core/tokens');
    const tokenizer = await loadTokenizer();
    const text = await runCli(['stats', '--tokens'], { bundle, tokenizer });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/Tool +OpenAI +Anthropic ~ +Gemini ~ +MCP ~/);
    expect(text.stdout).toMatch(/of the 3,000-token budget \(OpenAI\)/);
    expect(text.stdout).toContain("Anthropic ~: Approximate: Claude's tokenizer is not published");
    const report = JSON.parse((await runCli(['stats', '--tokens', '--json'], { bundle, tokenizer })).stdout) as {
      encoding: string;
      budget: number;
      tools: { name: string }[];
    };
    expect(report).toMatchObject({ encoding: 'o200k_base', budget: 3000 });
    expect(report.tools).toHaveLength(17);
    expect((await runCli(['stats', '--tokens'], { bundle })).stderr).toContain('the tokenizer is not loaded');
  });
});

describe('lint --provider', () => {
  it('reports each finding with keyword and pointer, and what the converted form changes', async () => {
    const result = await runCli(['lint', 'git_log', '--provider', 'openai-strict'], { bundle });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('git_log  ✗ not as is; the converted form is accepted');
    expect(result.stdout).toMatch(/error +required +\/inputSchema\/properties\/count +'count' is optional/);
    expect(result.stdout).toMatch(/error +format +\/inputSchema\/properties\/path\/format +format "workspace-path"/);
    expect(result.stdout).toContain('optional parameters made required and nullable (count, path, author)');
    expect(result.stdout).toContain('Summary: 0 of 1 tool accepted as is, 1 after conversion, 0 not at all; 7 errors.');
  });

  it('--strict exits 1 on errors; --json gives the reports; a wrong provider is a usage error', async () => {
    expect((await runCli(['lint', '--provider', 'gemini', '--strict'], { bundle })).exitCode).toBe(1);
    expect((await runCli(['lint', 'git_status', '--provider', 'mcp', '--strict'], { bundle })).exitCode).toBe(0);
    const report = JSON.parse((await runCli(['lint', '--provider', 'anthropic', '--json'], { bundle })).stdout) as {
      provider: string;
      reports: { tool: string; compatible: boolean }[];
    };
    expect(report.provider).toBe('anthropic');
    expect(report.reports).toHaveLength(17);
    expect(report.reports.every((entry) => entry.compatible)).toBe(true);
    expect(await runCli(['lint', '--provider', 'openai'], { bundle })).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("--provider must be one of openai-strict, gemini, anthropic, mcp, not 'openai'"),
    });
  });
});
