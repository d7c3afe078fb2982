/** The compat rules' view of the one schema walker (../json/walk-schema), from the tool's input schema. */
import { walkSchema as walkJsonSchema, type WalkedSchema } from '../json/walk-schema';
import type { JsonValue } from '../toolset/types';

export { isObjectSchema } from '../json/walk-schema';

/** A subschema with its pointer, parameter path and object depth. */
export type SchemaNode = WalkedSchema;

/** Every subschema, except root definitions no reference reaches: a provider is not judged on schemas it never applies. */
export function walkSchema(schema: JsonValue, pointer = '/inputSchema'): SchemaNode[] {
  return walkJsonSchema(schema, { pointer, skipUnusedDefinitions: true });
}

/** "parameter 'path'" or "the arguments object", for messages. */
export const where = (parameter: string): string => (parameter ? `'${parameter}'` : 'the arguments object');
