import { describe, expect, it } from 'vitest';
import { collection } from '../core/toolset/bundle';
import type { ToolDefinition } from '../core/toolset/types';
import { toolErrorCodes } from './error-codes';

/** A listed place (`env.*`, `files[]`) names every value it stands for (`env.PORT`, `files[2]`). */
const covers = (listed: string, parameter: string): boolean =>
  new RegExp(
    `^${listed
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\\\*/g, '[^.]+')
      .replace(/\\\[\\\]/g, '\\[\\d*\\]')}$`,
  ).test(parameter);

describe('toolErrorCodes', () => {
  it("lists the code and parameter of every bundled tool's invalid examples", () => {
    for (const toolset of collection.toolsets) {
      for (const tool of toolset.tools) {
        const codes = new Map(toolErrorCodes(tool).map((entry) => [entry.code, entry.parameters]));
        for (const example of tool.invalidExamples) {
          const parameter = example.expected.parameter;
          const listed = codes.get(example.expected.code as never);
          expect(listed, `${tool.name}: ${example.title} (${example.expected.code})`).toBeDefined();
          // An unknown parameter is refused at its own name, which the schema cannot list: its object's place is listed.
          if (example.expected.code !== 'invalid_value')
            expect(
              listed!.some((place) => covers(place, parameter)),
              `${tool.name}: ${example.title} at ${parameter}, listed ${listed!.join(', ')}`,
            ).toBe(true);
        }
      }
    }
  });

  it('reads each keyword and relationship as the validator reports it, in the order of the codes', () => {
    const tool = {
      name: 't',
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', format: 'workspace-path', minLength: 1 },
          when: { type: 'string', format: 'date-time' },
          tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, minItems: 1, uniqueItems: false },
          options: { type: 'object', properties: { depth: { type: 'integer', multipleOf: 2 } }, required: ['depth'] },
          mode: { const: 'x' },
        },
        required: ['path'],
        additionalProperties: false,
      },
      relationships: [{ kind: 'required_unless', parameter: 'when', when: 'mode', equals: 'x', description: '' }],
    } as unknown as ToolDefinition;
    expect(toolErrorCodes(tool).map((entry) => [entry.code, entry.parameters])).toEqual([
      ['required', ['path', 'options.depth', 'when']],
      ['type_mismatch', ['', 'path', 'when', 'tags', 'tags[]', 'options', 'options.depth']],
      ['string_too_short', ['path']],
      ['pattern_mismatch', ['tags[]']],
      ['invalid_enum', ['mode']],
      ['array_too_few', ['tags']],
      ['invalid_value', ['', 'path', 'when', 'options.depth']],
      ['path_outside_workspace', ['path']],
    ]);
  });
});
