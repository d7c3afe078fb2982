/** What the acode toolset tests share: the bundle as loaded, and checks a requirement is built from. */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'vitest';
import { createCompilingValidator } from '../validation/compile';
import { addPathFormats } from '../validation/path-formats';
import { loadToolset } from './load';
import { relationshipViolations } from './relationships';
import { readAcodeFiles } from './acode-files.node.test-support.js';
import type { JsonObject, JsonValue, ToolDefinition } from './types';

const files = readAcodeFiles();
export const bundle = loadToolset(files.manifest, files.tools, { validator: createCompilingValidator() });
const toolsByName = new Map(bundle.tools.map((tool) => [tool.name, tool]));

const ajv = new Ajv2020({ allErrors: true, strict: true });
addPathFormats(ajv);
const validators = new Map<string, ValidateFunction>();

export function tool(name: string): ToolDefinition {
  const found = toolsByName.get(name);
  if (!found) throw new Error(`tool ${name} is not in the bundle`);
  return found;
}

export function properties(toolName: string): Record<string, JsonObject> {
  return tool(toolName).inputSchema.properties as Record<string, JsonObject>;
}

export function parameter(toolName: string, name: string): JsonObject {
  const found = properties(toolName)[name];
  if (!found) throw new Error(`${toolName} has no parameter ${name}`);
  return found;
}

export const requiredOf = (toolName: string): JsonValue[] =>
  (tool(toolName).inputSchema.required as JsonValue[] | undefined) ?? [];

export function accepts(toolName: string, args: JsonValue): boolean {
  let validate = validators.get(toolName);
  if (!validate) {
    validate = ajv.compile(tool(toolName).inputSchema);
    validators.set(toolName, validate);
  }
  return (
    validate(args) &&
    relationshipViolations(tool(toolName).relationships ?? [], args, tool(toolName).inputSchema).length === 0
  );
}

// --- small assertions the rule table is written in

export const defined = (toolName: string, category: string) => () => {
  expect(tool(toolName).category).toBe(category);
  expect(tool(toolName).inputSchema.type).toBe('object');
};

export const requiredParameter = (toolName: string, name: string, type: string) => () => {
  expect(parameter(toolName, name).type).toBe(type);
  expect(requiredOf(toolName)).toContain(name);
  const args = { ...(tool(toolName).examples[0]?.arguments ?? {}) };
  delete args[name];
  expect(accepts(toolName, args)).toBe(false);
};

export const optionalParameter = (toolName: string, name: string, type: string, defaultValue?: JsonValue) => () => {
  const schema = parameter(toolName, name);
  expect(schema.type).toBe(type);
  expect(requiredOf(toolName)).not.toContain(name);
  if (defaultValue !== undefined) expect(schema.default).toEqual(defaultValue);
};

/** A boolean option: explicit default, stated in the description as well. */
export const booleanOption = (toolName: string, name: string, defaultValue: boolean) => () => {
  optionalParameter(toolName, name, 'boolean', defaultValue)();
  expect(parameter(toolName, name).description).toContain(`(default: ${defaultValue})`);
};

export const enumOf =
  (toolName: string, name: string, values: string[], exact = true) =>
  () => {
    const allowed = parameter(toolName, name).enum as string[];
    if (exact) expect(allowed).toEqual(values);
    else expect(allowed).toEqual(expect.arrayContaining(values));
  };

/** Bound on a string's length, checked by validating at and past the limit. */
export const stringLength = (toolName: string, name: string, bounds: { min?: number; max?: number }) => () => {
  const base = { ...(tool(toolName).examples[0]?.arguments ?? {}) } as JsonObject;
  if (bounds.max !== undefined) {
    expect(parameter(toolName, name).maxLength).toBe(bounds.max);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.max) })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.max + 1) })).toBe(false);
  }
  if (bounds.min !== undefined) {
    expect(parameter(toolName, name).minLength).toBe(bounds.min);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.min) })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.min - 1) })).toBe(false);
  }
};

export const integerRange = (toolName: string, name: string, bounds: { min?: number; max?: number }) => () => {
  expect(parameter(toolName, name).type).toBe('integer');
  const base = { ...(tool(toolName).examples[0]?.arguments ?? {}) } as JsonObject;
  if (bounds.min !== undefined) {
    expect(parameter(toolName, name).minimum).toBe(bounds.min);
    expect(accepts(toolName, { ...base, [name]: bounds.min })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: bounds.min - 1 })).toBe(false);
  }
  if (bounds.max !== undefined) {
    expect(parameter(toolName, name).maximum).toBe(bounds.max);
    expect(accepts(toolName, { ...base, [name]: bounds.max })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: bounds.max + 1 })).toBe(false);
  }
};

export const allDescribed = (toolName: string) => () => {
  for (const [name, schema] of Object.entries(properties(toolName))) {
    expect(typeof schema.description, `${toolName}.${name}`).toBe('string');
    expect((schema.description as string).length, `${toolName}.${name}`).toBeGreaterThan(0);
  }
};

export const all =
  (...checks: (() => void)[]) =>
  () =>
    checks.forEach((check) => check());
