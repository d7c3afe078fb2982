/**
 * What the validator has to say about a schema that compiles: the notes an import report lists (formats kept as
 * annotations, keywords strict mode dislikes, the draft it was read as). Compiles the schema if it has not been.
 */
import type { JsonSchema } from '../toolset/types';
import { compileWithLog, createDialectAjv, strictLogOf } from './compile';
import { formatNotes, notesFromStrictLog, type SchemaNote } from './compile-notes';
import { dialectOf } from './dialect';
import { annotationFormats } from './schema-prepare';

export type { SchemaNote } from './compile-notes';

/** A fresh Ajv of each draft, only to ask which formats it has a checker for. */
const formatProbe = new Map<string, ReturnType<typeof createDialectAjv>>();

/** `knownLog` is what strict mode said, when the caller knows it without compiling (a plain schema: nothing). */
export function schemaNotes(schema: JsonSchema, knownLog?: readonly string[]): SchemaNote[] {
  let log = knownLog ?? strictLogOf(schema);
  if (log === undefined) {
    try {
      // Another schema object with the same content was compiled before (the runtime reused it): compile a copy.
      log = compileWithLog(structuredClone(schema)).log;
    } catch {
      log = [];
    }
  }
  const choice = dialectOf(schema);
  let probe = formatProbe.get(choice.dialect);
  if (probe === undefined) {
    probe = createDialectAjv(choice.dialect);
    formatProbe.set(choice.dialect, probe);
  }
  const notes: SchemaNote[] = [];
  if (choice.note !== undefined) notes.push({ pointer: '', message: choice.note });
  notes.push(...formatNotes(schema, annotationFormats(probe, schema)), ...notesFromStrictLog(schema, log));
  return notes;
}
