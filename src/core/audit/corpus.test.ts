/**
 * The corpus of real published tool definitions (corpus/*.json, tools/list of popular MCP servers, captured by
 * scripts/capture-mcp-corpus.ts with their provenance): every definition imports, its defaults validate, the lint
 * raises no error the schema does not bear out, and it exports to every provider format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCompatibility } from '../compat';
import { EXPORT_FORMATS, exportTool } from '../export';
import { importToolset } from '../import';
import type { JsonObject } from '../toolset/types';
import { createCompilingValidator } from '../validation/compile';
import { CONFIRM, nodeOf } from './confirmFindings.test-support';
import { exampleValidatorOf } from './exampleValidator';
import { lintTool } from './index';
import { invalidSamples } from './samples';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

interface Fixture {
  provenance: { package: string; version: string; captured: string; how: string };
  tools: JsonObject[];
}
interface Expected {
  server: string;
  tool: string;
  rule?: string;
  parameter?: string;
}

const directory = fileURLToPath(new URL('./corpus/', import.meta.url));
const read = <T>(file: string): T => JSON.parse(readFileSync(`${directory}${file}`, 'utf8')) as T;
const servers = readdirSync(directory)
  .filter((file) => file.endsWith('.json') && !file.startsWith('expected-'))
  .map((file) => ({ server: file.replace(/\.json$/, ''), fixture: read<Fixture>(file) }));
const importFailures = read<{ failures: (Expected & { defect: number })[] }>('expected-import-failures.json').failures;
const falseErrors = read<{ falseErrors: Expected[] }>('expected-lint-errors.json').falseErrors;

const imported = servers.map(({ server, fixture }) => ({
  server,
  fixture,
  result: importToolset(JSON.stringify({ tools: fixture.tools }), { validator }),
}));

describe('the corpus', () => {
  it('holds the captured servers, each with its provenance', () => {
    expect(servers.length).toBeGreaterThanOrEqual(8);
    for (const { fixture } of servers) {
      expect(fixture.provenance.package).toMatch(/\S/);
      expect(fixture.provenance.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(fixture.provenance.captured).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(fixture.tools.length).toBeGreaterThan(0);
    }
  });
});

describe.each(imported)('$server', ({ server, fixture, result }) => {
  it('imports every definition (but those a listed defect still refuses)', () => {
    expect(result.format).toBe('mcp');
    const names = new Set(result.toolset.tools.map((tool) => tool.name));
    const refused = fixture.tools.map((tool) => String(tool.name)).filter((name) => !names.has(name));
    expect(refused).toEqual(importFailures.filter((entry) => entry.server === server).map((entry) => entry.tool));
  });

  it('accepts its own defaults and examples, at every depth', () => {
    for (const tool of result.toolset.tools) {
      expect(invalidSamples(tool, exampleValidatorOf(validator)), tool.name).toEqual([]);
      for (const example of tool.examples)
        expect(validator.validate(tool, example.arguments).errors, `${tool.name}: ${example.title}`).toEqual([]);
    }
  });

  it('lints without false errors', () => {
    const known = falseErrors.filter((entry) => entry.server === server);
    const seen: Expected[] = [];
    for (const tool of result.toolset.tools) {
      for (const finding of lintTool(tool, { validator }).filter((entry) => entry.severity === 'error')) {
        if (
          known.some(
            (entry) => entry.tool === tool.name && entry.rule === finding.rule && entry.parameter === finding.parameter,
          )
        ) {
          seen.push({ server, tool: tool.name, rule: finding.rule, parameter: finding.parameter });
          continue;
        }
        const node = nodeOf(tool, finding.parameter);
        const confirm = CONFIRM[finding.rule];
        expect(
          node !== undefined && confirm !== undefined && confirm(tool, node, finding),
          `${tool.name} ${finding.rule} ${finding.parameter ?? ''}: ${finding.message}`,
        ).toBe(true);
      }
    }
    expect(seen).toEqual(
      known.map(({ server: entryServer, tool, rule, parameter }) => ({ server: entryServer, tool, rule, parameter })),
    );
  });

  it('exports to every provider format, never a $ref Gemini cannot read nor an emptied schema called compatible', () => {
    for (const tool of result.toolset.tools) {
      for (const format of EXPORT_FORMATS) {
        const exported = exportTool(tool, format);
        expect(JSON.stringify(exported.value), `${tool.name} → ${format}`).toContain(JSON.stringify(tool.name));
      }
      const gemini = checkCompatibility(tool, 'gemini');
      if (gemini.converted.compatible)
        expect(JSON.stringify(gemini.converted.value), tool.name).not.toContain('"$ref"');
    }
  });
});
