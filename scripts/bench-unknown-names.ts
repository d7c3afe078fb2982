// Unknown tool names in bulk checking: against a 300-tool toolset, 100,000 lines of
// which a third name a tool that does not exist (each a distinct name, the worst case for the suggestion
// cache), against 100,000 lines of valid calls. Aim: at most 2× the all-valid time. Also the cost of
// one distinct unknown name's suggestions. CPU time of this process, interleaved runs, medians.
import { checkCallStream, closestToolNames, createCheckContext } from '../src/core/calls';
import { collection } from '../src/core/toolset/bundle';
import type { ToolDefinition } from '../src/core/toolset/types';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const AIM = 2;
const LINES = 100_000;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** 300 tools: the bundled ones, then copies under numbered names (`read_file_2`, …). */
function bigToolset(): ToolDefinition[] {
  const base = collection.toolsets.flatMap((toolset) => toolset.tools);
  const tools: ToolDefinition[] = [];
  for (let index = 0; tools.length < 300; index++) {
    const tool = base[index % base.length]!;
    const copy = Math.floor(index / base.length);
    tools.push(copy === 0 ? tool : { ...tool, name: `${tool.name}_${copy + 1}` });
  }
  return tools;
}

/** A valid call of a tool (its first example), as one JSON line. */
const validLine = (tool: ToolDefinition) => JSON.stringify({ tool: tool.name, arguments: tool.examples[0]!.arguments });

/** Every third line an unknown name, each distinct: half near misses of real names, half invented. */
function transcripts(tools: readonly ToolDefinition[]): { allValid: string[]; mixed: string[]; unknown: number } {
  const allValid: string[] = [];
  const mixed: string[] = [];
  let unknown = 0;
  for (let index = 0; index < LINES; index++) {
    const tool = tools[index % tools.length]!;
    allValid.push(validLine(tool));
    if (index % 3 === 2) {
      unknown += 1;
      const name = index % 2 === 0 ? `${tool.name}x${index}` : `helper${index}`;
      mixed.push(JSON.stringify({ tool: name, arguments: tool.examples[0]!.arguments }));
    } else mixed.push(validLine(tool));
  }
  return { allValid, mixed, unknown };
}

async function cpuMs(
  lines: readonly string[],
  tools: readonly ToolDefinition[],
): Promise<{ milliseconds: number; valid: number; unknownTool: number }> {
  const started = process.cpuUsage();
  const check = checkCallStream(lines, tools, { validator });
  for await (const result of check.results) void result;
  const used = process.cpuUsage(started);
  const summary = check.summary();
  return { milliseconds: (used.user + used.system) / 1000, valid: summary.valid, unknownTool: summary.unknownTool };
}

export async function benchUnknownNames(): Promise<object> {
  const tools = bigToolset();
  const { allValid, mixed, unknown } = transcripts(tools);
  await cpuMs(allValid.slice(0, 5_000), tools); // compile every schema once
  const validTimes: number[] = [];
  const mixedTimes: number[] = [];
  for (let run = 0; run < 3; run++) {
    const valid = await cpuMs(allValid, tools);
    if (valid.valid !== LINES)
      throw new Error(`bench refused to time a wrong answer: ${valid.valid} of ${LINES} valid calls reported valid`);
    const withUnknown = await cpuMs(mixed, tools);
    if (withUnknown.unknownTool !== unknown || withUnknown.valid !== LINES - unknown) {
      throw new Error(
        `bench refused to time a wrong answer: ${withUnknown.unknownTool} unknown tools reported, ${unknown} given`,
      );
    }
    validTimes.push(valid.milliseconds);
    mixedTimes.push(withUnknown.milliseconds);
  }
  // One distinct unknown name's suggestions, on a context that has seen none.
  const context = createCheckContext(validator, tools);
  const names = Array.from({ length: 5_000 }, (_, index) => `${tools[index % tools.length]!.name}x${index}`);
  const started = process.cpuUsage();
  for (const name of names) closestToolNames(context, name);
  const used = process.cpuUsage(started);
  const validMs = median(validTimes);
  const mixedMs = median(mixedTimes);
  return {
    note: 'CPU time in this process, median of 3 interleaved runs; every unknown name distinct',
    tools: tools.length,
    lines: LINES,
    unknownLines: unknown,
    allValidMs: round(validMs, 1),
    withUnknownMs: round(mixedMs, 1),
    ratio: round(mixedMs / validMs),
    aim: AIM,
    met: mixedMs / validMs <= AIM,
    perDistinctUnknownNameUs: round((used.user + used.system) / names.length, 1),
    suggestionsExample: closestToolNames(context, 'read_fiel'),
  };
}
