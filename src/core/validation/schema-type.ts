import { ownValue } from './describe';

/** What a property schema expects, in a word or two ("string", "integer"), for required errors. */
export function describeSchemaType(schema: unknown): string | undefined {
  const type = ownValue(schema, 'type');
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.map(String).join(' or ');
  return undefined;
}
