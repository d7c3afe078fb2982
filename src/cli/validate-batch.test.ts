import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitLines } from '../core/calls/lines';
import { bundle } from '../core/toolset/bundle';
import { parseRate } from './commands/validate-batch';
import { runBatchCli } from './run-batch';
import { isBatchValidate } from './batch-option';

const fixtures = fileURLToPath(new URL('../core/calls/fixtures/', import.meta.url));
/** Files come in as small chunks, as a pipe delivers them, so lines are split across chunk edges. */
const openLines = (source: string) => {
  const text =
    source === '-'
      ? '{"tool": "read_file", "arguments": {"path": "a"}}\n'
      : readFileSync(`${fixtures}${source}`, 'utf8');
  const chunks: string[] = [];
  for (let offset = 0; offset < text.length; offset += 7) chunks.push(text.slice(offset, offset + 7));
  return splitLines(chunks);
};
const batch = (command: string) => runBatchCli(command.split(' '), { bundle, openLines });

describe('validate --batch', () => {
  it('is told apart from validate <tool>', () => {
    expect(isBatchValidate(['validate', '--batch', 'x'])).toBe(true);
    expect(isBatchValidate(['validate', '--batch=x'])).toBe(true);
    expect(isBatchValidate(['validate', 'read_file'])).toBe(false);
  });

  it('prints the format, the counts, and the tables; exits 1 when any call is not valid', async () => {
    const result = await batch('validate --batch plain.jsonl');
    expect(result.exitCode).toBe(1);
    const out = result.stdout.split('\n');
    expect(out[0]).toBe('Format: JSON Lines of {tool, arguments} (JSON Lines)');
    expect(out[1]).toBe('8 calls: 3 valid, 2 invalid, 1 unknown tool, 2 unparseable (62.5% not valid)');
    expect(result.stdout).toMatch(/ {2}read_file +3 +2 + 66\.7%\n/);
    expect(result.stdout).toContain('  read_file: file → path  seen 1 time\n');
    expect(result.stdout).toMatch(/ {2}git_comit +1 +did you mean: git_commit\n/);
  });

  it('exits 0 when every call is valid', async () => {
    const result = await batch('validate --batch -');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('1 call: 1 valid, 0 invalid');
  });

  it('--json gives the summary for machines', async () => {
    const result = await batch('validate --batch openai-chat.jsonl --json');
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      toolset: 'acode-core',
      calls: 7,
      valid: 3,
      invalid: 1,
      unknownTool: 1,
      unparseable: 2,
      skipped: 4,
      layout: 'json-lines',
      passed: false,
    });
    expect(summary.formats).toEqual([{ format: 'openai-chat', count: 6 }]);
    expect(result.exitCode).toBe(1);
  });

  it('--max-invalid-rate gates on the share of calls that are not valid', async () => {
    const within = await batch('validate --batch anthropic-conversation.json --max-invalid-rate 0.6');
    expect(within.exitCode).toBe(0);
    expect(within.stdout).toContain('✓ 60.0% not valid is within --max-invalid-rate 60.0%');
    const above = await batch('validate --batch anthropic-conversation.json --max-invalid-rate 5%');
    expect(above.exitCode).toBe(1);
    expect(above.stdout).toContain('✗ 60.0% not valid is above --max-invalid-rate 5.0%');
  });

  it('usage errors name the option and the rule', async () => {
    expect(await batch('validate --batch plain.jsonl --max-invalid-rate 2')).toMatchObject({ exitCode: 2 });
    expect((await batch('validate --batch plain.jsonl --max-invalid-rate 2')).stderr).toMatch(
      /^--max-invalid-rate must be a share between 0 and 1 or a percentage \(got '2'\)/,
    );
    expect((await batch('validate read_file --batch plain.jsonl')).stderr).toMatch(
      /^validate --batch takes no tool name/,
    );
    expect((await runBatchCli(['validate', '--batch'], { bundle, openLines })).stderr).toMatch(
      /^Option --batch needs a value/,
    );
  });

  it('an unreadable file is a usage error, not a crash', async () => {
    const result = await runBatchCli(['validate', '--batch', 'missing.jsonl'], {
      bundle,
      openLines: () => ({
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('ENOENT: no such file or directory')) }),
      }),
    });
    expect(result).toEqual({
      stdout: '',
      stderr: "Cannot read 'missing.jsonl': ENOENT: no such file or directory\n",
      exitCode: 2,
    });
  });

  it('--toolset checks against another toolset', async () => {
    const { collection } = await import('../core/toolset/bundle');
    const result = await runBatchCli(['validate', '--batch', '-', '--toolset', 'prfactory-agent-tools', '--json'], {
      bundle,
      toolsets: collection.toolsets,
      openLines: () =>
        splitLines([
          '{"tool": "ReadFile", "arguments": {"path": "a"}}\n{"tool": "read_file", "arguments": {"path": "a"}}\n',
        ]),
    });
    expect(JSON.parse(result.stdout)).toMatchObject({
      toolset: 'prfactory-agent-tools',
      calls: 2,
      valid: 0,
      invalid: 1,
      unknownTool: 1,
    });
  });

  it('reads rates as shares or percentages', () => {
    expect(parseRate('0.05')).toBe(0.05);
    expect(parseRate('5%')).toBe(0.05);
    expect(parseRate('.5')).toBe(0.5);
    expect(parseRate('150%')).toBeUndefined();
    expect(parseRate('abc')).toBeUndefined();
  });
});

describe('validate --batch: one large line', () => {
  it('reads a 5 MB line that spans many chunks, and judges it with the line after it', async () => {
    const big = JSON.stringify({
      tool: 'write_file',
      arguments: { path: 'big.txt', content: 'x'.repeat(5 * 1024 * 1024) },
    });
    const text = `${big}\n{"tool": "read_file", "arguments": {"path": "a"}}\n`;
    const chunks: string[] = [];
    for (let offset = 0; offset < text.length; offset += 65_536) chunks.push(text.slice(offset, offset + 65_536));
    const result = await runBatchCli(['validate', '--batch', 'big.jsonl'], {
      bundle,
      openLines: () => splitLines(chunks),
    });
    expect(result.stdout).toContain('2 calls: 1 valid, 1 invalid');
    expect(result.stdout).toMatch(/write_file\.content +1 +string_too_long 1/);
  });
});
