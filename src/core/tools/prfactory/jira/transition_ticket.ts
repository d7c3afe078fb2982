/** TransitionJiraTicket: move a ticket along the workflow, with an optional comment saved in the same write. */
import type { ToolImplementation, ToolOutcome } from '../../../runtime/types';
import type { Workspace } from '../../../workspace/types';
import { fail, optionalStringArg, stringArg, succeed } from '../../support/handler';
import { findTicket, storeTracker } from './lookup';
import {
  AGENT,
  JIRA_STATUSES,
  timestamp,
  TRANSITIONS,
  type JiraStatus,
  type JiraTicket,
  type Tracker,
} from './tracker';

type Checked =
  { ok: true; tracker: Tracker; ticket: JiraTicket; status: JiraStatus } | { ok: false; outcome: ToolOutcome };

const isStatus = (value: string): value is JiraStatus => (JIRA_STATUSES as readonly string[]).includes(value);

async function check(args: Record<string, unknown>, workspace: Workspace): Promise<Checked> {
  const refuse = (outcome: ToolOutcome): Checked => ({ ok: false, outcome });
  const status = stringArg(args, 'status');
  if (!isStatus(status))
    return refuse(fail('validation_failed', `Parameter 'status': must be one of ${JIRA_STATUSES.join(', ')}`));
  const comment = optionalStringArg(args, 'comment');
  if (comment !== undefined && comment.trim() === '')
    return refuse(
      fail('validation_failed', `Parameter 'comment': the comment is empty; leave it out to move without one`),
    );
  const found = await findTicket(workspace, stringArg(args, 'ticketKey'));
  if (!found.ok) return found;
  const { ticket } = found;
  const allowed = TRANSITIONS[ticket.status].join(' or ');
  if (ticket.status === status) {
    return refuse(
      fail(
        'invalid_transition',
        `Parameter 'status': ${ticket.key} is already ${status}; from ${status} it can move to ${allowed}`,
      ),
    );
  }
  if (!TRANSITIONS[ticket.status].includes(status)) {
    return refuse(
      fail(
        'invalid_transition',
        `Parameter 'status': ${ticket.key} cannot move from ${ticket.status} to ${status}; from ${ticket.status} it can move to ${allowed}`,
      ),
    );
  }
  return { ok: true, tracker: found.tracker, ticket, status };
}

export const tool: ToolImplementation = {
  name: 'TransitionJiraTicket',

  summarize: (args) =>
    `Move ${stringArg(args, 'ticketKey')} to ${stringArg(args, 'status')}${optionalStringArg(args, 'comment') ? ' with a comment' : ''}`,

  // A move the workflow refuses is refused before anyone is asked to approve it.
  async precheck(args, context) {
    const checked = await check(args, context.workspace);
    return checked.ok ? null : checked.outcome;
  },

  async run(args, context) {
    const checked = await check(args, context.workspace);
    if (!checked.ok) return checked.outcome;
    const { tracker, ticket, status } = checked;
    const from = ticket.status;
    const at = timestamp();
    const body = optionalStringArg(args, 'comment');
    ticket.history.push({ at, author: AGENT, field: 'status', from, to: status });
    ticket.status = status;
    ticket.updatedAt = at;
    const comment = body === undefined ? undefined : { id: tracker.nextCommentId, author: AGENT, body, createdAt: at };
    if (comment) {
      ticket.comments.push(comment);
      tracker.nextCommentId += 1;
    }
    // One write: the move and its comment are stored together or not at all.
    const failed = await storeTracker(context.workspace, tracker);
    if (failed) return failed;
    return succeed(
      {
        kind: 'output',
        text: `${ticket.key}: ${from} → ${status}${comment ? `\n\n${comment.body}` : ''}`,
        language: 'plaintext',
        facts: [
          { label: 'Ticket', value: ticket.key },
          { label: 'From', value: from },
          { label: 'Status', value: status },
          ...(comment ? [{ label: 'Comment', value: `#${comment.id}` }] : []),
        ],
      },
      `Moved ${ticket.key} from ${from} to ${status}${comment ? ` with comment #${comment.id}` : ''}`,
    );
  },
};
