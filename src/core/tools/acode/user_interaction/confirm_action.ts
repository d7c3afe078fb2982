/** confirm_action: ask the person to confirm an action; a "no" is a successful answer, not a failure. */
import type { ToolImplementation } from '../../../runtime/types';
import { booleanArg, quote, stringArg, succeed } from '../../support/handler';
import { USER_RESPONSE_TIMEOUT_MS } from './ask_user';

export const tool: ToolImplementation = {
  name: 'confirm_action',
  defaultTimeoutMs: USER_RESPONSE_TIMEOUT_MS,

  summarize(args) {
    const destructive = booleanArg(args, 'destructive', false) ? ' (destructive)' : '';
    return `Ask the user to confirm: '${quote(stringArg(args, 'action_description'), 100)}'${destructive}`;
  },

  async run(args, context) {
    const action = stringArg(args, 'action_description');
    const confirmed = await context.interaction.confirm(action, booleanArg(args, 'destructive', false), context.signal);
    return succeed(
      { kind: 'confirmation', action, confirmed },
      confirmed
        ? `The user confirmed: ${quote(action, 200)}`
        : `The user declined: ${quote(action, 200)}; do not perform it`,
    );
  },
};
