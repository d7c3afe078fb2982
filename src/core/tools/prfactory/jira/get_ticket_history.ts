/** GetJiraTicketHistory: a ticket's changes, newest first. */
import type { ToolImplementation } from '../../../runtime/types';
import { integerArg, stringArg, succeed } from '../../support/handler';
import { findTicket } from './lookup';

export const tool: ToolImplementation = {
  name: 'GetJiraTicketHistory',

  summarize: (args) => `Get the history of ${stringArg(args, 'ticketKey')}`,

  async run(args, context) {
    const maxResults = integerArg(args, 'maxResults') ?? 50;
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    if (!found.ok) return found.outcome;
    const { ticket } = found;
    const entries = [...ticket.history].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    const kept = entries.slice(0, maxResults);
    const text = JSON.stringify(kept.map((entry) => ({ At: entry.at, Author: entry.author, Field: entry.field, From: entry.from, To: entry.to })), null, 2);
    return succeed(
      { kind: 'output', text, language: 'json', facts: [{ label: 'Ticket', value: ticket.key }, { label: 'Changes', value: `${kept.length} of ${entries.length}` }] },
      `${entries.length} change${entries.length === 1 ? '' : 's'} to ${ticket.key}${entries.length > kept.length ? `; the newest ${kept.length} are shown` : ''}`,
    );
  },
};
