// MCP import: a 200-tool tools/list turned into a toolset the way the schema worker does for the connect page
// (`SchemaChecks.importText` → importToolset), with a fresh validator each run. The toolset is checked before timing.
import { importToolset } from '../src/core/import';
import { createCompilingValidator } from '../src/core/validation/compile';

const TOOLS = 200;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A tools/list result like a real server's: each tool distinct (bounds and enums vary), with an output schema. */
export function generatedToolsList(count: number): { tools: unknown[] } {
  const tools = Array.from({ length: count }, (_, index) => ({
    name: `generated_${index}`,
    description: `Generated tool number ${index}: looks up records of kind ${index % 7} by query.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 200 + index, description: 'What to look for' },
        limit: { type: 'integer', minimum: 1, maximum: 10 + (index % 50), description: 'Most records to return' },
        kind: { type: 'string', enum: ['a', 'b', 'c', `k${index}`], description: 'Kind of record' },
      },
      required: ['query'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer', minimum: 0, description: 'Records found' } },
      required: ['count'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    annotations: { readOnlyHint: true },
  }));
  return { tools };
}

export async function benchMcpImport(): Promise<unknown> {
  const text = JSON.stringify(generatedToolsList(TOOLS));
  const first = importToolset(text, { validator: createCompilingValidator() });
  const errors = first.problems.filter((problem) => problem.severity === 'error');
  if (first.format !== 'mcp' || first.toolset.tools.length !== TOOLS || errors.length > 0) {
    throw new Error(
      `the import is wrong: format ${first.format}, ${first.toolset.tools.length} tools, ${errors.length} errors`,
    );
  }
  if (first.toolset.tools.filter((tool) => tool.outputSchema).length !== TOOLS)
    throw new Error('the import lost output schemas');
  const timed = (compileAll: boolean): number => {
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const validator = createCompilingValidator();
      const started = performance.now();
      importToolset(text, { compileAll, validator });
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const everyCompiledMs = timed(true);
  const ms = timed(false);
  return {
    importToCatalog: {
      tools: TOOLS,
      schemas: TOOLS * 2,
      medianMs: Math.round(ms),
      aimMs: 1000,
      ratio: Number((ms / 1000).toFixed(2)),
    },
    // The import before plain schemas were left to compile on first use, for comparison.
    compilingEverySchemaMs: Math.round(everyCompiledMs),
  };
}
