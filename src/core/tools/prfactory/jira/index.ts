import { tool as addComment } from './add_comment';
import { tool as getTicket } from './get_ticket';
import { tool as getTicketHistory } from './get_ticket_history';
import { tool as transitionTicket } from './transition_ticket';

export const jiraTools = [getTicket, addComment, transitionTicket, getTicketHistory];
