/** AddJiraComment: a comment on a ticket, by the agent. */
import type { ToolImplementation, ToolOutcome } from '../../../runtime/types';
import { fail, quote, stringArg, succeed } from '../../support/handler';
import { findTicket, storeTracker } from './lookup';
import { AGENT, timestamp } from './tracker';

// The schema asks for at least one character; a comment of blanks says nothing either.
const blank = (args: Record<string, unknown>): ToolOutcome | null =>
  stringArg(args, 'comment').trim() === ''
    ? fail('validation_failed', `Parameter 'comment': the comment is empty`)
    : null;

export const tool: ToolImplementation = {
  name: 'AddJiraComment',

  summarize: (args) => `Comment on ${stringArg(args, 'ticketKey')}: '${quote(stringArg(args, 'comment'), 60)}'`,

  async precheck(args, context) {
    const refused = blank(args);
    if (refused) return refused;
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    return found.ok ? null : found.outcome;
  },

  async run(args, context) {
    const refused = blank(args);
    if (refused) return refused;
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    if (!found.ok) return found.outcome;
    const { tracker, ticket } = found;
    const at = timestamp();
    const comment = { id: tracker.nextCommentId, author: AGENT, body: stringArg(args, 'comment'), createdAt: at };
    ticket.comments.push(comment);
    ticket.updatedAt = at;
    tracker.nextCommentId += 1;
    const failed = await storeTracker(context.workspace, tracker);
    if (failed) return failed;
    return succeed(
      {
        kind: 'output',
        text: comment.body,
        language: 'plaintext',
        facts: [
          { label: 'Ticket', value: ticket.key },
          { label: 'Comment', value: `#${comment.id}` },
          { label: 'Comments', value: String(ticket.comments.length) },
        ],
      },
      `Added comment #${comment.id} to ${ticket.key}`,
    );
  },
};
