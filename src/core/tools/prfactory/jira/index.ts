/** The Jira category of the PRFactory toolset: an issue tracker stored with the workspace. */
import type { ToolImplementation } from '../../../runtime/types';
import { tool as addComment } from './add_comment';
import { tool as getTicket } from './get_ticket';
import { tool as getTicketHistory } from './get_ticket_history';
import { tool as transitionTicket } from './transition_ticket';

export const jiraTools: ToolImplementation[] = [getTicket, addComment, transitionTicket, getTicketHistory];
