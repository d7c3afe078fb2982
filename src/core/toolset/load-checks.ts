/**
 * One meta-valid tool definition checked against itself: its schema id, the parameters its rules name, and its
 * examples as judged by the validator the caller built.
 */
import { compileLinear } from '../validation/linear-regex';
import { schemaNotes } from '../validation/schema-notes';
import type { Validator } from '../validation/validator';
import { isJsonObject } from '../json/is-json-object';
import type { ToolsetProblem } from './toolset-problems';
import type { JsonSchema, ToolDefinition } from './types';

const propertyNames = (inputSchema: JsonSchema): string[] =>
  isJsonObject(inputSchema.properties) ? Object.keys(inputSchema.properties) : [];

/** Checks one meta-valid tool definition against its own examples and rules. */
export function checkDefinition(
  file: string,
  definition: ToolDefinition,
  namespace: string,
  validator: Validator,
  problems: ToolsetProblem[],
): void {
  const { inputSchema } = definition;
  const expectedId = `urn:${namespace}:tool:${definition.name}:${definition.version}`;
  if (inputSchema.$id !== expectedId) {
    problems.push({ file, pointer: '/inputSchema/$id', message: `must be '${expectedId}' (tool name and version)` });
  }

  const properties = propertyNames(inputSchema);
  const requireProperty = (pointer: string, name: string): void => {
    if (!properties.includes(name)) problems.push({ file, pointer, message: `refers to unknown parameter '${name}'` });
  };
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  required.forEach((name, index) => {
    if (typeof name === 'string') requireProperty(`/inputSchema/required/${index}`, name);
  });
  definition.relationships?.forEach((relationship, index) => {
    const pointer = `/relationships/${index}`;
    requireProperty(`${pointer}/parameter`, relationship.parameter);
    if (relationship.kind === 'not_less_than') requireProperty(`${pointer}/other`, relationship.other);
    if (relationship.kind === 'member_of') requireProperty(`${pointer}/list`, relationship.list);
    if (relationship.kind === 'required_unless') requireProperty(`${pointer}/when`, relationship.when);
  });
  definition.auditNotes?.forEach((note, index) => {
    if (note.parameter !== undefined && /^[A-Za-z_$][\w$]*$/.test(note.parameter))
      requireProperty(`/auditNotes/${index}/parameter`, note.parameter);
  });
  definition.warnings?.forEach((warning, index) => {
    const pointer = `/warnings/${index}`;
    if (warning.code === 'large_value') requireProperty(`${pointer}/parameter`, warning.parameter);
    if (warning.code === 'security_concern' || warning.code === 'compatibility') {
      requireProperty(`${pointer}/parameter`, warning.parameter);
      if (compileLinear(warning.matches) === null)
        problems.push({ file, pointer: `${pointer}/matches`, message: 'is not a regular expression RE2 can run' });
    }
    if (warning.code === 'slow_operation') {
      Object.keys(warning.when).forEach((name) => requireProperty(`${pointer}/when`, name));
      if (warning.unlessPresent !== undefined) requireProperty(`${pointer}/unlessPresent`, warning.unlessPresent);
    }
  });

  // Examples are judged by the validator the caller built, with its one mapping of Ajv errors to codes: what a
  // file's invalid example expects is what every surface reports.
  const compiled = validator.precompile(definition);
  if (!compiled.ok) {
    problems.push({ file, pointer: '/inputSchema', message: `is not a valid JSON Schema: ${compiled.message}` });
    return;
  }
  // The validator compiles what strict mode dislikes (an import notes it); a tool file of ours must have none.
  const strictNotes = schemaNotes(inputSchema);
  if (strictNotes.length > 0) {
    for (const note of strictNotes)
      problems.push({
        file,
        pointer: '/inputSchema',
        message: `is not a valid JSON Schema: ${note.pointer ? `at ${note.pointer}: ` : ''}${note.message}`,
      });
    return;
  }

  definition.examples.forEach((example, index) => {
    const pointer = `/examples/${index}/arguments`;
    for (const error of validator.validate(definition, example.arguments).errors) {
      problems.push({ file, pointer, message: `example "${example.title}" is rejected: ${error.message}` });
    }
  });

  definition.invalidExamples.forEach((example, index) => {
    const pointer = `/invalidExamples/${index}`;
    const reported = validator.validate(definition, example.arguments).errors;
    if (reported.length === 0) {
      problems.push({ file, pointer, message: `invalid example "${example.title}" is accepted by the schema` });
      return;
    }
    const { code, parameter } = example.expected;
    if (!reported.some((error) => error.code === code && error.parameter === parameter)) {
      const actual = reported.map((error) => `${error.code} at '${error.parameter}'`).join(', ');
      problems.push({
        file,
        pointer: `${pointer}/expected`,
        message: `invalid example "${example.title}" expects ${code} at '${parameter}' but is rejected with ${actual}`,
      });
    }
  });
}
