/** GetJiraTicketHistory: a ticket's changes, newest first. */
import type { ToolImplementation } from '../../../runtime/types';
import { integerArg, stringArg, succeed } from '../../support/handler';
import { findTicket } from './lookup';
import type { JiraChange } from './tracker';

const DEFAULT_MAX_RESULTS = 50;
const MAX_RESULTS = 100;

/** Newest first by time; changes made in the same instant keep their recorded order, reversed (later first). */
function newestFirst(history: JiraChange[]): JiraChange[] {
  return history
    .map((change, index) => ({ change, index, time: Date.parse(change.at) }))
    .sort((a, b) =>
      b.time !== a.time && !Number.isNaN(a.time) && !Number.isNaN(b.time) ? b.time - a.time : b.index - a.index,
    )
    .map(({ change }) => change);
}

export const tool: ToolImplementation = {
  name: 'GetJiraTicketHistory',

  summarize: (args) => `Get the history of ${stringArg(args, 'ticketKey')}`,

  async run(args, context) {
    const requested = integerArg(args, 'maxResults') ?? DEFAULT_MAX_RESULTS;
    const maxResults = Math.min(Math.max(requested, 1), MAX_RESULTS);
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    if (!found.ok) return found.outcome;
    const { ticket } = found;
    const entries = newestFirst(ticket.history);
    const kept = entries.slice(0, maxResults);
    const text = JSON.stringify(
      kept.map((entry) => ({ At: entry.at, Author: entry.author, Field: entry.field, From: entry.from, To: entry.to })),
      null,
      2,
    );
    return succeed(
      {
        kind: 'output',
        text,
        language: 'json',
        facts: [
          { label: 'Ticket', value: ticket.key },
          { label: 'Status', value: ticket.status },
          { label: 'Changes', value: `${kept.length} of ${entries.length}` },
        ],
      },
      `${entries.length} change${entries.length === 1 ? '' : 's'} to ${ticket.key}${entries.length > kept.length ? `; the newest ${kept.length} are shown` : ''}`,
    );
  },
};
