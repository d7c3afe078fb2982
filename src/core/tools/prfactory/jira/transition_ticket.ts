/** TransitionJiraTicket: move a ticket along the workflow, with an optional comment saved in the same write. */
import type { ToolImplementation, ToolOutcome } from '../../../runtime/types';
import type { Workspace } from '../../../workspace/types';
import { fail, optionalStringArg, stringArg, succeed } from '../../support/handler';
import { clock, findTicket } from './lookup';
import { AGENT, JIRA_STATUSES, saveTracker, TRANSITIONS, type JiraStatus, type JiraTicket, type Tracker } from './tracker';

type Checked = { ok: true; tracker: Tracker; ticket: JiraTicket; status: JiraStatus } | { ok: false; outcome: ToolOutcome };

async function check(args: Record<string, unknown>, workspace: Workspace): Promise<Checked> {
  const status = stringArg(args, 'status') as JiraStatus;
  const refuse = (outcome: ToolOutcome): Checked => ({ ok: false, outcome });
  if (!JIRA_STATUSES.includes(status)) return refuse(fail('ValidationFailed', `Parameter 'status': must be one of ${JIRA_STATUSES.join(', ')}`));
  const found = await findTicket(workspace, stringArg(args, 'ticketKey'));
  if (!found.ok) return found;
  const { ticket } = found;
  const allowed = TRANSITIONS[ticket.status];
  if (ticket.status === status) return refuse(fail('invalid_transition', `Parameter 'status': ${ticket.key} is already ${status}; from ${status} it can move to ${allowed.join(' or ')}`));
  if (!allowed.includes(status)) {
    return refuse(fail('invalid_transition', `Parameter 'status': ${ticket.key} cannot move from ${ticket.status} to ${status}; from ${ticket.status} it can move to ${allowed.join(' or ')}`));
  }
  return { ok: true, tracker: found.tracker, ticket, status };
}

export const tool: ToolImplementation = {
  name: 'TransitionJiraTicket',

  summarize: (args) => `Move ${stringArg(args, 'ticketKey')} to ${stringArg(args, 'status')}`,

  // A move the workflow refuses is refused before anyone is asked to approve it.
  async precheck(args, context) {
    const checked = await check(args, context.workspace);
    return checked.ok ? null : checked.outcome;
  },

  async run(args, context) {
    const checked = await check(args, context.workspace);
    if (!checked.ok) return checked.outcome;
    const { tracker, ticket, status } = checked;
    const at = clock.now().toISOString();
    const comment = optionalStringArg(args, 'comment');
    ticket.history.push({ at, author: AGENT, field: 'status', from: ticket.status, to: status });
    const from = ticket.status;
    ticket.status = status;
    ticket.updatedAt = at;
    if (comment && comment.trim() !== '') {
      ticket.comments.push({ id: tracker.nextCommentId, author: AGENT, body: comment, createdAt: at });
      tracker.nextCommentId += 1;
    }
    // One write: the move and its comment are stored together or not at all.
    await saveTracker(context.workspace, tracker);
    return succeed(
      { kind: 'output', text: `${from} → ${status}`, facts: [{ label: 'Ticket', value: ticket.key }, { label: 'Status', value: status }, ...(comment ? [{ label: 'Comment', value: 'added' }] : [])] },
      `Moved ${ticket.key} from ${from} to ${status}${comment ? ' with a comment' : ''}`,
    );
  },
};
