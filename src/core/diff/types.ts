/** What a schema diff reports: one change per rule hit, classified for the caller of an input schema (the model). */
import type { JsonValue } from '../toolset/types';

/** breaking: a call the old definition accepted may now fail or mean something else; minor: old calls still work, new ones can do more; patch: wording only. */
export const CHANGE_CLASSES = ['breaking', 'minor', 'patch'] as const;
export type ChangeClass = (typeof CHANGE_CLASSES)[number];

export interface SchemaChange {
  /** JSON pointer of the changed place, in the newer definition where it exists there, else in the older. */
  pointer: string;
  /** The JSON Schema keyword (or definition field) the change is about. */
  keyword: string;
  class: ChangeClass;
  /** Which rule classified it: `parameter-removed`, `maximum-tightened`, … (a closed set, see rules/). */
  rule: string;
  /** Why it has that class, said for the schema author. */
  message: string;
  before?: JsonValue;
  after?: JsonValue;
}

/** One pair of subschemas being compared. */
export interface NodePair {
  before: { [key: string]: JsonValue };
  after: { [key: string]: JsonValue };
  pointer: string;
  /** The parameter the subschema describes (`count`, `files[]`), or '' for the arguments object. */
  parameter: string;
}

/** One rule in Ajv's style: the keywords it owns and how it classifies their changes. */
export interface DiffRule {
  keywords: readonly string[];
  compare(pair: NodePair): SchemaChange[];
}
