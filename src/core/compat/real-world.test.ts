import { createCompilingValidator } from '../validation/compile';
/** Lint and provider checks on shapes real servers publish ($ref, $defs, typed anyOf, dotted names). */
import { describe, expect, it } from 'vitest';
import { lintTool } from '../audit';
import { exportTool } from '../export';
import { importToolset } from '../import';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { checkCompatibility } from './index';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tool = (inputSchema: JsonObject, name = 'create_issue'): ToolDefinition => ({
  name,
  title: 'Create an issue',
  description: 'Create a new issue in a repository, with a title, a body and labels.',
  version: '1.0.0',
  category: 'imported',
  riskLevel: 'medium',
  tags: [],
  inputSchema,
  examples: [],
  invalidExamples: [],
});

// The shapes zod-to-json-schema and pydantic write: $defs with $ref, anyOf of a type and null, anyOf of typed branches.
const LABEL = { type: 'string', maxLength: 50, description: 'A label' };
const withRefs: JsonObject = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 200, description: 'Title' },
    state: { anyOf: [{ type: 'string', enum: ['open', 'closed'] }, { type: 'null' }], description: 'State' },
    label: { $ref: '#/$defs/label' },
    labels: { type: 'array', maxItems: 10, items: { $ref: '#/$defs/label' } },
    assignee: { anyOf: [{ $ref: '#/$defs/label' }, { type: 'null' }] },
    due: {
      oneOf: [
        { type: 'string', format: 'date' },
        { type: 'string', format: 'date-time' },
      ],
    },
  },
  required: ['title', 'state', 'label', 'labels', 'assignee', 'due'],
  additionalProperties: false,
  $defs: { label: LABEL },
};

describe('explicit-types', () => {
  it('counts $ref parameters and typed anyOf/oneOf branches as typed', () => {
    const findings = lintTool(tool(withRefs), { validator }).filter((finding) => finding.rule === 'explicit-types');
    expect(findings).toEqual([]);
  });
  it('still flags a parameter without a type, an untyped branch and a union of two types', () => {
    const findings = lintTool(
      tool({
        type: 'object',
        properties: {
          bare: { description: 'nothing' },
          loose: { anyOf: [{ type: 'string' }, { description: 'anything' }] },
          mixed: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          remote: { $ref: 'https://example.com/schema.json' },
        },
      }),
      { validator },
    ).filter((finding) => finding.rule === 'explicit-types');
    expect(findings.map((finding) => [finding.parameter, finding.severity])).toEqual([
      ['bare', 'error'],
      ['loose', 'error'],
      ['mixed', 'warning'],
      ['remote', 'warning'],
    ]);
  });
});

describe('Gemini export and check', () => {
  it('inlines local $refs and drops $defs instead of leaving {}', () => {
    const result = exportTool(tool(withRefs), 'gemini');
    const parameters = result.value.parameters as JsonObject;
    const properties = parameters.properties as Record<string, JsonObject>;
    expect(properties.label).toEqual(LABEL);
    expect((properties.labels?.items as JsonObject).type).toBe('string');
    expect(JSON.stringify(parameters)).not.toContain('$ref');
    expect(JSON.stringify(parameters)).not.toContain('$defs');
    expect(result.notes.join(' ')).toContain('Inlined local references (#/$defs/label)');
    const report = checkCompatibility(tool(withRefs), 'gemini');
    expect(report.findings.filter((finding) => finding.rule === 'ref').map((finding) => finding.pointer)).toContain(
      '/inputSchema/properties/label/$ref',
    );
    expect(report.converted.compatible).toBe(true);
  });

  it('says it cannot inline a recursive reference, and does not call the converted form compatible', () => {
    const recursive = tool({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    });
    const result = exportTool(recursive, 'gemini');
    expect(result.notes.join(' ')).toMatch(/Cannot inline the recursive reference #\/\$defs\/node/);
    const report = checkCompatibility(recursive, 'gemini');
    expect(report.findings.some((finding) => finding.rule === 'unresolvable-ref')).toBe(true);
    expect(report.converted.compatible).toBe(false);
  });

  it('accepts dotted names, as Gemini documents (letters, digits, _ . : -, at most 64, a letter or _ first)', () => {
    expect(
      checkCompatibility(tool(withRefs, 'files.read'), 'gemini').findings.some(
        (finding) => finding.rule === 'tool-name',
      ),
    ).toBe(false);
    const imported = importToolset(
      JSON.stringify({ tools: [{ name: 'files.read', description: 'Read a file.', inputSchema: { type: 'object' } }] }),
      { validator },
    );
    const note = imported.problems.find((problem) => problem.rule === 'provider_name')?.message ?? '';
    expect(note).toContain('OpenAI and Anthropic refuse');
    expect(note).toContain('Gemini accepts it');
    expect(note).not.toMatch(/Gemini refuse/);
  });
});

describe('OpenAI strict check', () => {
  it('does not condemn a tool for $defs it never uses, and leaves them out of the request', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
      additionalProperties: false,
      $defs: {
        unused: {
          type: 'object',
          properties: { loose: { type: 'string' } },
          patternProperties: { '^x-': { type: 'string' } },
        },
      },
    };
    const report = checkCompatibility(tool(schema), 'openai-strict');
    expect(report.findings).toEqual([]);
    const exported = exportTool(tool(schema), 'openai-responses', { strict: true });
    expect(exported.value.strict).toBe(true);
    expect(JSON.stringify(exported.value)).not.toContain('unused');
  });
  it('still judges the definitions a $ref uses', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: { item: { $ref: '#/$defs/item' } },
      required: ['item'],
      additionalProperties: false,
      $defs: { item: { type: 'object', properties: { loose: { type: 'string' } } } },
    };
    const pointers = checkCompatibility(tool(schema), 'openai-strict').findings.map((finding) => finding.pointer);
    expect(pointers).toContain('/inputSchema/$defs/item/properties/loose');
  });
});
