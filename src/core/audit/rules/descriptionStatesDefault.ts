import type { JsonValue } from '../../toolset/types';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** "default: X", "default is X", "defaults to X": the value a description claims. */
const STATED_DEFAULT = /\bdefault(?:s to|\s*(?:is|:|=))\s*['"`]?([^\s'"`),;]+)/i;

const normalise = (text: string) => text.toLowerCase().replace(/[.]+$/, '');

/** Best practice 4: a parameter with a default says so in its description, with the same value. */
export const descriptionStatesDefault: AuditRule = {
  id: 'description-states-default',
  description: 'A parameter with a default states it in its description, and the stated value matches the schema.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      const fallback: JsonValue | undefined = node.schema.default;
      if (fallback === undefined) continue;
      const description = typeof node.schema.description === 'string' ? node.schema.description : '';
      if (!/default/i.test(description)) {
        report(
          'warning',
          `Parameter '${node.parameter}' defaults to ${JSON.stringify(fallback)} but its description does not say so; add "(default: ${typeof fallback === 'string' ? fallback : JSON.stringify(fallback)})" because models may not see the default keyword.`,
          node.parameter,
        );
        continue;
      }
      const stated = STATED_DEFAULT.exec(description)?.[1];
      const actual = typeof fallback === 'string' ? fallback : JSON.stringify(fallback);
      if (
        stated !== undefined &&
        normalise(stated) !== normalise(actual) &&
        /^[\w.-]+$/.test(stated) &&
        !/^(the|a|an|workspace|current|none)$/i.test(stated)
      ) {
        report(
          'error',
          `Description of '${node.parameter}' says the default is '${stated}' but the schema default is ${JSON.stringify(fallback)}; make them agree.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
