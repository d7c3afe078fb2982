import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import { csvField, reportJsonParts, reportToJson, resultsToCsv, validCallsToJsonl } from './report';
import { checkCallsText } from './stream';
import { suggestedFixOf } from './summary';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const transcript = [
  '{"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "read_file", "arguments": "{\\"path\\": \\"a.txt\\"}"}}]}',
  '{"tool": "read_file", "arguments": {"file": "=HYPERLINK(\\"x\\")"}}',
  '{"tool": "git_comit", "arguments": {"message": "wip"}}',
  'not json',
].join('\n');

describe('report files', () => {
  it('the JSON report written a batch at a time is the same text as written at once', async () => {
    const { results, summary } = await checkCallsText(transcript, bundle.tools, { validator });
    const joined = async (batches: (typeof results)[]) => {
      let text = '';
      for await (const part of reportJsonParts(summary, batches)) text += part;
      return text;
    };
    expect(await joined([results])).toBe(reportToJson(summary, results));
    expect(await joined([[], results.slice(0, 1), [], results.slice(1, 3), results.slice(3)])).toBe(
      reportToJson(summary, results),
    );
    expect(await joined([])).toBe(reportToJson(summary, []));
    expect(await joined([[]])).toBe(reportToJson(summary, []));
  });

  it('CSV has one row per result with codes, parameters, the LLM text and the arguments, quoted safely', async () => {
    const { results } = await checkCallsText(transcript, bundle.tools, { validator });
    const csv = resultsToCsv(results);
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('index,line,status,format,tool,id,codes,parameters,errors,suggestions,arguments,llm_text');
    expect(rows[1]).toMatch(
      /^1,1,valid,openai-chat,read_file,call_1,,,,,"{""path"": ""a.txt""}",Parameters validated successfully\.$/,
    );
    expect(csv).toContain('3,3,unknown_tool,plain,git_comit,,,,,git_commit,');
    expect(csv).toContain(
      '4,4,unparseable,,,,invalid_value,(arguments),"Line 4 is not valid JSON (column 1: unexpected',
    );
  });

  it('a spreadsheet formula at the start of a field is defused', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
    expect(csvField('a,"b"')).toBe('"a,""b"""');
  });

  it('valid calls only, as {tool, arguments} lines with string arguments parsed', async () => {
    const { results } = await checkCallsText(transcript, bundle.tools, { validator });
    expect(validCallsToJsonl(results)).toBe('{"tool":"read_file","arguments":{"path":"a.txt"},"id":"call_1"}\n');
  });

  it('JSON holds the summary and every result', async () => {
    const { results, summary } = await checkCallsText(transcript, bundle.tools, { validator });
    const parsed = JSON.parse(reportToJson(summary, results)) as { summary: { calls: number }; results: unknown[] };
    expect(parsed.summary.calls).toBe(4);
    expect(parsed.results).toHaveLength(4);
  });

  it('reads the fix the validator proposes, and nothing when it proposes none', () => {
    expect(
      suggestedFixOf({
        parameter: 'file',
        code: 'invalid_value',
        message: "Unknown parameter 'file'. Did you mean 'path'?",
      }),
    ).toEqual({ from: 'file', to: 'path' });
    expect(
      suggestedFixOf({ parameter: 'lines', code: 'invalid_value', message: "Unknown parameter 'lines'" }),
    ).toBeUndefined();
  });
});
