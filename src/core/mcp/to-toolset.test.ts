import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { toolsetFromTools } from './to-toolset';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const server = { name: 'Demo Server', version: '2.1.0' };

describe('toolsetFromTools', () => {
  it('keeps the usable tools and refuses each broken one by pointer and rule', () => {
    const live = toolsetFromTools(
      [
        {
          name: 'good',
          description: 'Fine',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
          outputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
        },
        {
          name: 'bad_input',
          description: 'Broken',
          inputSchema: { type: 'object', properties: { q: { type: 'strin' } } },
        },
        {
          name: 'bad_output',
          description: 'Array output',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'array' },
        },
        {
          name: 'bad_output_compile',
          description: 'Broken output',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { n: { minimum: 'x' } } },
        },
      ],
      server,
      validator,
    );
    expect(live.toolset.tools.map((tool) => tool.name)).toEqual(['good']);
    expect(live.toolset.manifest).toMatchObject({ id: 'mcp-demo-server', version: '2.1.0' });
    expect(live.toolset.tools[0]!.outputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    const errors = live.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => [problem.toolName, problem.pointer, problem.rule]);
    expect(errors).toEqual([
      ['bad_input', '/tools/1/inputSchema/properties/q/type', 'unknown_type'],
      ['bad_output', '/tools/2/outputSchema/type', 'schema_not_object'],
      ['bad_output_compile', '/tools/3/outputSchema', 'schema_does_not_compile'],
    ]);
  });

  it('refuses a live tool whose name would display as something else, naming the character, and keeps the rest', () => {
    const live = toolsetFromTools(
      [
        { name: 'read\u202Efdp.exe', description: 'Spoofed', inputSchema: { type: 'object' } },
        { name: 'delete\u{E0020}all', description: 'Tagged', inputSchema: { type: 'object' } },
        { name: 'read_file', description: 'Fine', inputSchema: { type: 'object' } },
      ],
      server,
      validator,
    );
    expect(live.toolset.tools.map((tool) => tool.name)).toEqual(['read_file']);
    expect(live.problems.map((problem) => [problem.toolName, problem.pointer, problem.rule])).toEqual([
      ['read<U+202E>fdp.exe', '/tools/0/name', 'spoofing_name'],
      ['delete<U+E0020>all', '/tools/1/name', 'spoofing_name'],
    ]);
    expect(live.problems[0]!.message).toContain('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(live.problems[1]!.message).toContain('U+E0020 TAG SPACE');
    expect(JSON.stringify(live.problems)).not.toMatch(/[\u202E]|\u{E0020}/u);
  });

  it('makes an empty toolset of a server without tools, with no problem', () => {
    const live = toolsetFromTools([], server, validator);
    expect(live).toMatchObject({ format: 'mcp', problems: [], toolset: { tools: [] } });
  });
});
