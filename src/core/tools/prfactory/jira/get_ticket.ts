/** GetJiraTicket: a ticket's details by key, as PRFactory's GetTicketTool returns them (indented JSON). */
import type { ToolImplementation } from '../../../runtime/types';
import { stringArg, succeed } from '../../support/handler';
import { findTicket } from './lookup';
import { ticketSummary } from './tracker';

export const tool: ToolImplementation = {
  name: 'GetJiraTicket',

  summarize: (args) => `Get Jira ticket ${stringArg(args, 'ticketKey')}`,

  async run(args, context) {
    const found = await findTicket(context.workspace, stringArg(args, 'ticketKey'));
    if (!found.ok) return found.outcome;
    const { ticket } = found;
    return succeed(
      {
        kind: 'output',
        text: JSON.stringify(ticketSummary(ticket), null, 2),
        language: 'json',
        facts: [
          { label: 'Ticket', value: ticket.key },
          { label: 'Status', value: ticket.status },
          { label: 'Assignee', value: ticket.assignee ?? 'Unassigned' },
          { label: 'Priority', value: ticket.priority },
          { label: 'Comments', value: String(ticket.comments.length) },
        ],
      },
      `${ticket.key}: ${ticket.summary} (${ticket.status})`,
    );
  },
};
