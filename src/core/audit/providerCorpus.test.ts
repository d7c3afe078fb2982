/**
 * Provider documentation samples (provider-samples/*.json: the tool lists of OpenAI's, Anthropic's and
 * Google's own cookbooks and docs, with source, license and date), run through what the MCP corpus goes
 * through: each imports in its provider's format, its defaults and examples validate at every depth, the
 * recorded calls validate, the lint raises no error the schema does not bear out, and every tool
 * exports to every provider format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportTool } from '../export';
import { importToolset } from '../import';
import type { JsonObject } from '../toolset/types';
import { createCompilingValidator } from '../validation/compile';
import { CONFIRM, nodeOf } from './confirmFindings.test-support';
import { exampleValidatorOf } from './exampleValidator';
import { lintTool } from './index';
import { invalidSamples } from './samples';

// The validator of these tests: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

interface Sample {
  provenance: { provider: string; format: string; source: string; what: string; license: string; retrieved: string };
  payload: { tools: JsonObject[] };
  calls: { tool: string; arguments: JsonObject }[];
}

const directory = fileURLToPath(new URL('./provider-samples/', import.meta.url));
const samples = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ file, sample: JSON.parse(readFileSync(`${directory}${file}`, 'utf8')) as Sample }));
const entryCount = (payload: Sample['payload']) =>
  payload.tools.reduce(
    (count, tool) =>
      count +
      (Array.isArray(tool.function_declarations)
        ? tool.function_declarations.length
        : Array.isArray(tool.functionDeclarations)
          ? tool.functionDeclarations.length
          : 1),
    0,
  );

describe('provider documentation samples', () => {
  it('cover OpenAI, Anthropic and Gemini, each with its source, license and date', () => {
    expect(new Set(samples.map(({ sample }) => sample.provenance.provider))).toEqual(
      new Set(['openai', 'anthropic', 'gemini']),
    );
    for (const { sample } of samples) {
      expect(sample.provenance.source).toMatch(/^https:\/\//);
      expect(sample.provenance.license).toMatch(/MIT|Apache|CC BY/);
      expect(sample.provenance.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe.each(samples)('$file', ({ sample }) => {
  const result = importToolset(JSON.stringify(sample.payload), { validator });

  it('imports every tool in its provider format', () => {
    expect(result.format).toBe(sample.provenance.format);
    expect(result.toolset.tools).toHaveLength(entryCount(sample.payload));
  });

  it('validates its defaults and examples at every depth, and its recorded calls', () => {
    for (const tool of result.toolset.tools)
      expect(invalidSamples(tool, exampleValidatorOf(validator)), tool.name).toEqual([]);
    for (const call of sample.calls) {
      const tool = result.toolset.tools.find((entry) => entry.name === call.tool);
      expect(tool, call.tool).toBeDefined();
      expect(validator.validate(tool!, call.arguments).errors, call.tool).toEqual([]);
    }
  });

  it('lints without false errors', () => {
    for (const tool of result.toolset.tools) {
      for (const finding of lintTool(tool, { validator }).filter((entry) => entry.severity === 'error')) {
        const node = nodeOf(tool, finding.parameter);
        const confirm = CONFIRM[finding.rule];
        expect(
          node !== undefined && confirm !== undefined && confirm(tool, node, finding),
          `${tool.name} ${finding.rule} ${finding.parameter ?? ''}: ${finding.message}`,
        ).toBe(true);
      }
    }
  });

  it('exports to every provider format', () => {
    for (const tool of result.toolset.tools) {
      for (const format of EXPORT_FORMATS)
        expect(JSON.stringify(exportTool(tool, format).value), `${tool.name} → ${format}`).toContain(
          JSON.stringify(tool.name),
        );
    }
  });
});
