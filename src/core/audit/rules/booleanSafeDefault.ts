import { hasType, snakeWords } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Flags whose true value widens what a call destroys or touches; their safe value is false. */
const RISKY_FLAG =
  /(^|_)(overwrite|force|confirm|confirmed|delete|remove|recursive|destructive|all|allow|skip|no_verify|unsafe)(_|$)/;
/** Flags where true means immediate loss of data: a true default is an error, not a warning. */
const DATA_LOSS_FLAG = /(^|_)(overwrite|force|delete|remove|confirm|confirmed|destructive)(_|$)/;

/** Boolean defaults are explicit and safe (false for destructive flags). */
export const booleanSafeDefault: AuditRule = {
  id: 'boolean-safe-default',
  description:
    'Every boolean declares its default; flags like overwrite, force, confirm and recursive default to false.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (!hasType(node.schema, 'boolean')) continue;
      const fallback = node.schema.default;
      if (fallback === undefined) {
        report(
          'warning',
          `Boolean '${node.parameter}' has no default; declare it explicitly (false for anything destructive) and state it in the description.`,
          node.parameter,
        );
        continue;
      }
      if (fallback === true && RISKY_FLAG.test(snakeWords(node.name))) {
        const severity = DATA_LOSS_FLAG.test(snakeWords(node.name)) ? 'error' : 'warning';
        report(
          severity,
          `Boolean '${node.parameter}' defaults to true, the unsafe value; default it to false so the model must request this behaviour explicitly.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
