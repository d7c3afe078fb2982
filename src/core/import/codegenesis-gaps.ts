/** The CodeGenesis meta-schema's asks of a definition, as gaps with their pointers. */
import type { RawTool } from './types';
import { segment } from './formats/shared';
import { isJsonObject } from '../json/is-json-object';

export /**
 * What the CodeGenesis meta-schema asks of a definition beyond JSON Schema: a description, an
 * object input schema with properties, and a type and a description for each parameter. Each gap with its pointer.
 */
function codeGenesisGaps(
  raw: RawTool,
  name: string,
  declared: boolean,
): { pointer: string; message: string; everywhere: boolean }[] {
  const gaps: { pointer: string; message: string; everywhere: boolean }[] = [];
  // The format is named only to someone who chose it; anyone else is told why a model needs what is missing.
  const why = (requirement: string, reason: string) =>
    declared ? `the CodeGenesis meta-schema requires ${requirement}` : reason;
  if (typeof raw.description === 'string' && raw.description.trim() === '')
    gaps.push({
      pointer: `${raw.pointer}/description`,
      message: `Tool '${name}' has no description (${why('a non-empty "description"', 'a model reads it to choose the tool')})`,
      everywhere: true,
    });
  const schemaPointer = `${raw.pointer}${raw.schemaPointer}`;
  const schema = isJsonObject(raw.schema) ? raw.schema : {};
  if (schema.type !== 'object')
    gaps.push({
      pointer: `${schemaPointer}/type`,
      message: `Tool '${name}': ${declared ? 'the CodeGenesis meta-schema requires inputSchema.type to be "object"' : 'inputSchema.type should be "object", as tool arguments are an object'}`,
      everywhere: false,
    });
  const properties = isJsonObject(schema.properties) ? schema.properties : null;
  if (!properties)
    gaps.push({
      pointer: `${schemaPointer}/properties`,
      message: `Tool '${name}': ${declared ? 'the CodeGenesis meta-schema requires inputSchema.properties' : 'inputSchema has no "properties", so a model is told of no parameter'}`,
      everywhere: false,
    });
  for (const [parameter, definition] of Object.entries(properties ?? {})) {
    const at = `${schemaPointer}/properties/${segment(parameter)}`;
    if (!isJsonObject(definition) || typeof definition.type !== 'string') {
      // Elsewhere a parameter typed another way ($ref, typed anyOf branches, enum) is typed all the same.
      const typedOtherwise =
        isJsonObject(definition) &&
        ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((keyword) => keyword in definition);
      gaps.push({
        pointer: `${at}/type`,
        message: `Tool '${name}': parameter '${parameter}' has no "type" (${why('one', 'a model and a form need it to know what to send')})`,
        everywhere: !typedOtherwise,
      });
    }
    if (!isJsonObject(definition) || typeof definition.description !== 'string')
      gaps.push({
        pointer: `${at}/description`,
        message: `Tool '${name}': parameter '${parameter}' has no "description" (${why('one', 'a model reads it to know what to send')})`,
        everywhere: true,
      });
  }
  return gaps;
}
