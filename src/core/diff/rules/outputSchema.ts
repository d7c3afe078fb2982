/**
 * Changes to a tool's output schema, classed for the caller reading the result rather than the model writing
 * arguments: the direction flips. A field removed or retyped breaks a reader; a field added is minor; a
 * constraint tightened on the output only narrows what arrives (minor), one relaxed lets values arrive that a
 * reader did not expect (breaking).
 */
import type { JsonValue } from '../../toolset/types';
import type { ChangeClass, SchemaChange } from '../types';
import { diffSchemas } from '../walk';

/** Rules whose class stays as the input walk gives it, renamed for the output. */
const FIXED: Record<string, { rule: string; class: ChangeClass; message?: (change: SchemaChange) => string }> = {
  'parameter-removed': {
    rule: 'output-field-removed',
    class: 'breaking',
    message: (change) =>
      change.message.replace(
        /^Parameter '([^']*)' was removed:.*$/,
        "Output field '$1' was removed: a caller reading it finds nothing.",
      ),
  },
  'parameter-renamed': { rule: 'output-field-renamed', class: 'breaking' },
  'required-parameter-added': {
    rule: 'output-field-added',
    class: 'minor',
    message: (change) =>
      change.message.replace(
        /^New required parameter '([^']*)'.*$/,
        "New output field '$1' (always present): callers may read it, old readers are unaffected.",
      ),
  },
  'optional-parameter-added': {
    rule: 'output-field-added',
    class: 'minor',
    message: (change) =>
      change.message.replace(
        /^New optional parameter '([^']*)'.*$/,
        "New output field '$1': callers may read it, old readers are unaffected.",
      ),
  },
  'parameter-became-optional': {
    rule: 'output-field-became-optional',
    class: 'breaking',
    message: (change) =>
      change.message.replace(
        /^Parameter '([^']*)'.*$/,
        "Output field '$1' is no longer always present: a caller that reads it may find nothing.",
      ),
  },
  'parameter-became-required': {
    rule: 'output-field-became-required',
    class: 'minor',
    message: (change) =>
      change.message.replace(
        /^Parameter '([^']*)'.*$/,
        "Output field '$1' is now always present: old readers are unaffected.",
      ),
  },
  'type-changed': { rule: 'output-type-changed', class: 'breaking' },
  'keyword-changed': { rule: 'output-keyword-changed', class: 'breaking' },
  'const-changed': { rule: 'output-const-changed', class: 'breaking' },
  'default-added': { rule: 'output-default-changed', class: 'patch' },
  'default-changed': { rule: 'output-default-changed', class: 'patch' },
  'default-removed': { rule: 'output-default-changed', class: 'patch' },
};

const FLIPPED: Record<ChangeClass, ChangeClass> = { breaking: 'minor', minor: 'breaking', patch: 'patch' };

function forOutput(change: SchemaChange): SchemaChange {
  const fixed = FIXED[change.rule];
  if (fixed)
    return {
      ...change,
      rule: fixed.rule,
      class: fixed.class,
      message: fixed.message ? fixed.message(change) : `Output: ${change.message}`,
    };
  if (change.class === 'patch') return { ...change, rule: `output-${change.rule}` };
  const flipped = FLIPPED[change.class];
  const why =
    flipped === 'breaking'
      ? 'the result may now hold values a caller did not expect'
      : 'the result only narrows, callers still read it';
  return {
    ...change,
    rule: `output-${change.rule}`,
    class: flipped,
    message: `Output: ${change.message.replace(/:[^:]*$/, '')}: ${why}.`,
  };
}

/** Every change between two output schemas (either may be absent), with `pointer` prefixing every pointer. */
export function diffOutputSchemas(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  pointer = '/outputSchema',
): SchemaChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) {
    return [
      {
        pointer,
        keyword: 'outputSchema',
        class: 'minor',
        rule: 'output-schema-added',
        message: 'The tool now declares an output schema: results carry structuredContent callers can rely on.',
        after: after as JsonValue,
      },
    ];
  }
  if (after === undefined) {
    return [
      {
        pointer,
        keyword: 'outputSchema',
        class: 'breaking',
        rule: 'output-schema-removed',
        message: 'The tool no longer declares an output schema: callers reading structuredContent may get none.',
        before,
      },
    ];
  }
  return diffSchemas(before, after, pointer).map(forOutput);
}
