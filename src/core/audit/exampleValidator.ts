import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema, ToolDefinition } from '../toolset/types';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** Plain JSON Schema check of example arguments, for when no richer validator is supplied. */
export const validateExampleArguments = (tool: ToolDefinition, args: unknown): string[] => {
  let validate = compiled.get(tool.inputSchema);
  if (!validate) {
    // $id would make a second compile of an edited copy collide in Ajv's registry.
    const { $id: _id, ...schema } = tool.inputSchema;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      return [`the input schema does not compile (${(error as Error).message})`];
    }
    compiled.set(tool.inputSchema, validate);
  }
  if (validate(args)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(arguments)'} ${error.message ?? error.keyword}`);
};
