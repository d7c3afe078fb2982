/**
 * The report over many results, built one result at a time: counts only, so its memory depends on
 * the number of distinct tools, parameters and fixes, never on the number of calls.
 */
import type { ValidationError } from '../validation/types';
import type {
  CallFormat,
  CallResult,
  CallSummary,
  InputLayout,
  LineNotRead,
  ParameterSummary,
  SuggestedFix,
  ToolSummary,
} from './types';

/** Distinct keys kept per table; past this, new keys are counted under "(other)" so memory stays bounded. */
const MAX_KEYS = 5_000;
/** Lines too long to read listed by line number; past these they are counted only. */
const MAX_LINES_NOT_READ = 100;

/**
 * The rename an error proposes, read from the validator's own "Did you mean" hint: an unknown
 * parameter (`file` → `path`) or an enum value (`encoding`: `UTF-8` → `utf-8`).
 */
export function suggestedFixOf(error: ValidationError): { from: string; to: string } | undefined {
  // Only these two codes carry a hint (ajv-errors.ts: unknown parameters, enum values). Testing the code first
  // leaves the other errors' messages unwritten (they are written when read, see ajv-errors.ts `lazy`).
  if (error.code !== 'invalid_value' && error.code !== 'invalid_enum') return undefined;
  // Most messages hold no hint: a suffix test spares them the regular expression.
  if (!error.message.endsWith("'?")) return undefined;
  const hint = /Did you mean '((?:[^'\\]|\\.)*)'\?$/.exec(error.message);
  if (hint === null) return undefined;
  const suggestion = hint[1]!;
  if (error.code === 'invalid_enum')
    return { from: `${error.parameter} = ${error.actual ?? '?'}`, to: `${error.parameter} = '${suggestion}'` };
  return { from: error.parameter, to: suggestion };
}

interface ParameterCounts {
  tool: string;
  parameter: string;
  count: number;
  codes: Map<string, number>;
}

interface ToolCounts {
  known: boolean;
  calls: number;
  valid: number;
  invalid: number;
  unparseable: number;
}

function bump(map: Map<string, number>, key: string, by = 1): void {
  const existing = map.get(key);
  if (existing !== undefined) map.set(key, existing + by);
  else if (map.size < MAX_KEYS) map.set(key, by);
  else map.set('(other)', (map.get('(other)') ?? 0) + by);
}

const rate = (bad: number, total: number): number => (total === 0 ? 0 : bad / total);
const byCountThenName =
  <T extends { count: number }>(key: (item: T) => string) =>
  (left: T, right: T) =>
    right.count - left.count || key(left).localeCompare(key(right));

export class SummaryBuilder {
  private counts = { calls: 0, valid: 0, invalid: 0, unknownTool: 0, unparseable: 0 };
  private skippedRecords = 0;
  private layout: InputLayout | null = null;
  private formats = new Map<string, number>();
  private tools = new Map<string, ToolCounts>();
  private codes = new Map<string, number>();
  // By tool, then parameter: a joined "tool\0parameter" key made a new string to hash for every error (the
  // summary was about 6% of a 100,000-line batch of mostly invalid calls in --cpu-prof).
  private parameters = new Map<string, Map<string, ParameterCounts>>();
  private parameterCount = 0;
  private fixes = new Map<string, number>();
  private unknown = new Map<string, { count: number; suggestions?: string[] }>();
  private notRead: LineNotRead[] = [];

  /**
   * `suggest` gives the closest known names of an unknown tool when the summary is made, for the names it
   * lists only (at most MAX_KEYS, whatever the length of the stream); without it they are read from the results.
   */
  constructor(private readonly suggest?: (tool: string) => string[]) {}

  setLayout(layout: InputLayout): void {
    this.layout = layout;
  }

  skip(count = 1): void {
    this.skippedRecords += count;
  }

  /** A line (or a document) too long to read: one unparseable result, listed by its (first) line. */
  addLineNotRead(entry: LineNotRead, code: 'line_too_long' | 'document_too_long' = 'line_too_long'): void {
    this.counts.calls += 1;
    this.counts.unparseable += 1;
    bump(this.codes, code);
    if (this.notRead.length < MAX_LINES_NOT_READ) this.notRead.push(entry);
  }

  add(result: CallResult): void {
    this.counts.calls += 1;
    if (result.format !== undefined) bump(this.formats, result.format);
    if (result.status === 'valid') this.counts.valid += 1;
    else if (result.status === 'invalid') this.counts.invalid += 1;
    else if (result.status === 'unknown_tool') this.counts.unknownTool += 1;
    else this.counts.unparseable += 1;

    if (result.tool !== '') {
      let tool = this.tools.get(result.tool);
      if (tool === undefined && this.tools.size < MAX_KEYS) {
        tool = { known: result.status !== 'unknown_tool', calls: 0, valid: 0, invalid: 0, unparseable: 0 };
        this.tools.set(result.tool, tool);
      }
      if (tool !== undefined) {
        tool.calls += 1;
        if (result.status === 'valid') tool.valid += 1;
        else if (result.status === 'unparseable') tool.unparseable += 1;
        else tool.invalid += 1;
      }
    }
    if (result.status === 'unknown_tool') {
      const entry = this.unknown.get(result.tool);
      if (entry !== undefined) entry.count += 1;
      else if (this.unknown.size < MAX_KEYS)
        this.unknown.set(
          result.tool,
          this.suggest !== undefined ? { count: 1 } : { count: 1, suggestions: result.suggestions ?? [] },
        );
    }
    if (result.status === 'unparseable')
      bump(this.codes, result.tool === '' ? 'malformed_line' : 'unparseable_arguments');
    else if (result.status === 'unknown_tool') bump(this.codes, 'unknown_tool');
    else if (result.status === 'invalid') {
      let byParameter = this.parameters.get(result.tool);
      if (byParameter === undefined) {
        byParameter = new Map();
        this.parameters.set(result.tool, byParameter);
      }
      for (const error of result.errors) {
        bump(this.codes, error.code);
        let parameter = byParameter.get(error.parameter);
        if (parameter === undefined && this.parameterCount < MAX_KEYS) {
          parameter = { tool: result.tool, parameter: error.parameter, count: 0, codes: new Map() };
          byParameter.set(error.parameter, parameter);
          this.parameterCount += 1;
        }
        if (parameter !== undefined) {
          parameter.count += 1;
          bump(parameter.codes, error.code);
        }
        const fix = suggestedFixOf(error);
        if (fix !== undefined) bump(this.fixes, `${result.tool}\u0000${fix.from}\u0000${fix.to}`);
      }
    }
  }

  summary(): CallSummary {
    const { calls, valid, invalid, unknownTool, unparseable } = this.counts;
    const byTool: ToolSummary[] = [...this.tools].map(([tool, counts]) => ({
      tool,
      ...counts,
      invalidRate: rate(counts.calls - counts.valid, counts.calls),
    }));
    byTool.sort((left, right) => right.calls - left.calls || left.tool.localeCompare(right.tool));
    const parameters: ParameterSummary[] = [...this.parameters.values()]
      .flatMap((byParameter) => [...byParameter.values()])
      .map((entry) => ({
        tool: entry.tool,
        parameter: entry.parameter,
        count: entry.count,
        codes: Object.fromEntries(entry.codes),
      }));
    parameters.sort(byCountThenName((entry) => `${entry.tool}.${entry.parameter}`));
    const fixes: SuggestedFix[] = [...this.fixes].map(([key, count]) => {
      const [tool = '', from = '', to = ''] = key.split('\u0000');
      return { tool, from, to, count };
    });
    fixes.sort(byCountThenName((fix) => `${fix.tool}.${fix.from}`));
    return {
      calls,
      valid,
      invalid,
      unknownTool,
      unparseable,
      skipped: this.skippedRecords,
      invalidRate: rate(calls - valid, calls),
      formats: [...this.formats]
        .map(([format, count]) => ({ format: format as CallFormat, count }))
        .sort(byCountThenName((entry) => entry.format)),
      layout: this.layout,
      byTool,
      byCode: [...this.codes].map(([code, count]) => ({ code, count })).sort(byCountThenName((entry) => entry.code)),
      parameters,
      fixes,
      unknownTools: [...this.unknown]
        .map(([tool, entry]) => ({
          tool,
          count: entry.count,
          suggestions: (entry.suggestions ??= this.suggest?.(tool) ?? []),
        }))
        .sort(byCountThenName((entry) => entry.tool)),
      ...(this.notRead.length > 0 ? { linesNotRead: [...this.notRead] } : {}),
    };
  }
}
