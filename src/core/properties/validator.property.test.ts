import { createCompilingValidator } from '../validation/compile';
/**
 * Properties examples cannot cover: for arbitrary JSON, the validator never throws and agrees with raw
 * Ajv on validity for every bundled schema. It may only be stricter where it states a rule a schema
 * cannot (parameter relationships, the nesting limit), and then it names that rule.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { addPathFormats } from '../validation/path-formats';
import { MAX_NESTING_DEPTH } from '../validation/validator';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tools: ToolDefinition[] = collection.toolsets.flatMap((toolset) => toolset.tools);
const raw = new Ajv2020({ allErrors: true, strict: false, ownProperties: true, unicode: false });
addFormats(raw);
addPathFormats(raw);
const rawValidators = new Map(tools.map((tool) => [tool.name, raw.compile(tool.inputSchema)]));

/** Values shaped like a tool's arguments: its own names (and an unknown one) with arbitrary JSON, or its examples mutated. */
function argumentsFor(tool: ToolDefinition): fc.Arbitrary<unknown> {
  const names = Object.keys((tool.inputSchema.properties ?? {}) as JsonObject);
  const known = fc.dictionary(fc.constantFrom(...names, 'unknown_name'), fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: names.length + 1,
  });
  const example = fc.constantFrom(...tool.examples.map((item) => item.arguments));
  const mutated = fc
    .tuple(example, fc.constantFrom(...names), fc.jsonValue({ maxDepth: 2 }))
    .map(([base, name, value]) => ({ ...base, [name]: value }));
  return fc.oneof(known, mutated, example, fc.jsonValue({ maxDepth: 4 }));
}

/** Errors only this validator can raise, each naming its rule. */
function isBeyondSchema(message: string): boolean {
  return /must not be less than|must be one of the values in|\(required (unless|when)|nested more than/.test(message);
}

describe('property: the validator against raw Ajv, for every bundled schema', () => {
  for (const tool of tools) {
    it(`${tool.name}: never throws, and agrees with Ajv on validity`, () => {
      const rawValidate = rawValidators.get(tool.name)!;
      fc.assert(
        fc.property(argumentsFor(tool), (args) => {
          const result = validator.validate(tool, args);
          expect(Array.isArray(result.errors)).toBe(true);
          expect(result.valid).toBe(result.errors.length === 0);
          const ajvValid = rawValidate(args) === true;
          if (!ajvValid) expect(result.valid).toBe(false);
          else if (!result.valid)
            for (const error of result.errors) expect(isBeyondSchema(error.message), error.message).toBe(true);
          for (const error of result.errors) expect(error.message.length).toBeGreaterThan(0);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('a value nested past the limit is refused with the rule named, never a stack overflow', () => {
    const tool = tools.find((candidate) => candidate.name === 'execute_command')!;
    fc.assert(
      fc.property(fc.integer({ min: MAX_NESTING_DEPTH, max: 20_000 }), (depth) => {
        let value: unknown = 1;
        for (let level = 0; level < depth; level += 1) value = [value];
        const result = validator.validate(tool, { command: 'ls', env: { deep: value } });
        expect(result.valid).toBe(false);
        expect(result.errors[0].message).toMatch(/nested more than \d+ levels deep|must be string/);
      }),
      { numRuns: 20 },
    );
  });
});
