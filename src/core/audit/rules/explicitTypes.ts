import { resolveLocalRef } from '../../json/local-refs';
import type { JsonObject } from '../../toolset/types';
import { isJsonObject, schemaTypes } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const AMBIGUOUS_KEYWORDS = ['oneOf', 'anyOf'] as const;

type Typing = { typed: true; types: string[] } | { typed: false; unresolved?: string };

/**
 * What a schema declares about its type, looking through local `$ref`s and `anyOf`/`oneOf`/`allOf` branches:
 * a parameter typed by a referenced definition, or by branches that are each typed, is typed.
 */
const schemaTyping = (schema: JsonObject, root: JsonObject, seen: ReadonlySet<string> = new Set()): Typing => {
  const own = schemaTypes(schema);
  if (own.length > 0) return { typed: true, types: own };
  if ('enum' in schema || 'const' in schema) return { typed: true, types: ['enum'] };
  if (typeof schema.$ref === 'string') {
    const target = seen.has(schema.$ref) ? undefined : resolveLocalRef(root, schema.$ref);
    if (seen.has(schema.$ref)) return { typed: true, types: ['(recursive)'] };
    if (!target) return { typed: false, unresolved: schema.$ref };
    return schemaTyping(target, root, new Set([...seen, schema.$ref]));
  }
  for (const keyword of AMBIGUOUS_KEYWORDS) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const typings = branches.map((branch) =>
      isJsonObject(branch) ? schemaTyping(branch, root, seen) : ({ typed: false } as Typing),
    );
    if (typings.every((typing) => typing.typed))
      return { typed: true, types: [...new Set(typings.flatMap((typing) => (typing.typed ? typing.types : [])))] };
  }
  if (Array.isArray(schema.allOf)) {
    for (const branch of schema.allOf) {
      const typing = isJsonObject(branch) ? schemaTyping(branch, root, seen) : undefined;
      if (typing?.typed) return typing;
    }
  }
  return { typed: false };
};

/** The types of a union worth a warning; null beside one type is how a schema says "optional", not a type confusion. */
const several = (types: string[]): string[] | undefined => {
  const named = types.filter((type) => type !== 'null');
  return named.length > 1 && !(named.length === 2 && named.includes('enum')) ? named : undefined;
};

/** Threat 5: every parameter has exactly one explicit type; no oneOf/anyOf/type arrays mixing types. */
export const explicitTypes: AuditRule = {
  id: 'explicit-types',
  description:
    'Every parameter declares one type (directly, by a $ref or by typed anyOf/oneOf branches); no unions of several types that allow type confusion.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const root = context.tool.inputSchema;
    if (root.type !== 'object') {
      report(
        'error',
        `The input schema's type is ${JSON.stringify(root.type ?? null)}; tool arguments must be an object, declare "type": "object".`,
      );
    }
    if (!isJsonObject(root.properties)) {
      report(
        'warning',
        `The input schema has no properties object; declare "properties": {} even when the tool takes no arguments.`,
      );
    }
    for (const node of context.nodes) {
      const typing = schemaTyping(node.schema, root);
      if (!typing.typed) {
        if (typing.unresolved !== undefined)
          report(
            'warning',
            `Parameter '${node.parameter}' takes its type from ${typing.unresolved}, which is not inside this schema, so its type cannot be checked here.`,
            node.parameter,
          );
        // An empty schema ({}) says "any JSON value" on purpose (zod's z.any(), a free-form map): worth a look, not an error.
        else if (Object.keys(node.schema).length === 0)
          report(
            'warning',
            `Parameter '${node.parameter}' accepts any JSON value (its schema is empty); if free-form data is meant, say so in a description, otherwise declare its type.`,
            node.parameter,
          );
        else
          report(
            'error',
            `Parameter '${node.parameter}' declares no type; add an explicit "type" so values of the wrong type are rejected.`,
            node.parameter,
          );
        continue;
      }
      const own = several(schemaTypes(node.schema));
      const union = AMBIGUOUS_KEYWORDS.find((keyword) => Array.isArray(node.schema[keyword]));
      const branches = union === undefined ? undefined : schemaTyping({ [union]: node.schema[union] ?? [] }, root);
      if (own)
        report(
          'warning',
          `Parameter '${node.parameter}' accepts several types (${own.join(', ')}); use one type to avoid type confusion.`,
          node.parameter,
        );
      else if (union !== undefined && branches?.typed && several(branches.types)) {
        report(
          'warning',
          `Parameter '${node.parameter}' uses ${union} of several types (${several(branches.types)?.join(', ')}); use one type to avoid type confusion.`,
          node.parameter,
        );
      } else if (union !== undefined && !branches?.typed) {
        report(
          'warning',
          `Parameter '${node.parameter}' uses ${union} with an untyped branch, which allows type ambiguity; give every branch a type.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
