/** AddJiraComment: a comment on a ticket, by the agent. */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, quote, stringArg, succeed } from '../../support/handler';
import { clock, findTicket } from './lookup';
import { AGENT, saveTracker } from './tracker';

export const tool: ToolImplementation = {
  name: 'AddJiraComment',

  summarize: (args) => `Comment on ${stringArg(args, 'ticketKey')}: '${quote(stringArg(args, 'comment'), 60)}'`,

  async precheck(args, context) {
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    return found.ok ? null : found.outcome;
  },

  async run(args, context) {
    const body = stringArg(args, 'comment');
    if (body.trim() === '') return fail('ValidationFailed', `Parameter 'comment': the comment is empty`);
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    if (!found.ok) return found.outcome;
    const { tracker, ticket } = found;
    const at = clock.now().toISOString();
    const comment = { id: tracker.nextCommentId, author: AGENT, body, createdAt: at };
    ticket.comments.push(comment);
    ticket.updatedAt = at;
    tracker.nextCommentId += 1;
    await saveTracker(context.workspace, tracker);
    return succeed(
      { kind: 'output', text: body, facts: [{ label: 'Ticket', value: ticket.key }, { label: 'Comment', value: `#${comment.id}` }, { label: 'Comments', value: String(ticket.comments.length) }] },
      `Added comment #${comment.id} to ${ticket.key}`,
    );
  },
};
