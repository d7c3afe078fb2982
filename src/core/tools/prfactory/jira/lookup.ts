/** Loading the tracker and finding one ticket, as every Jira tool starts. */
import type { ToolOutcome } from '../../../runtime/types';
import type { Workspace } from '../../../workspace/types';
import { fail } from '../../support/handler';
import { loadTracker, type JiraTicket, type Tracker } from './tracker';

export type Found = { ok: true; tracker: Tracker; ticket: JiraTicket } | { ok: false; outcome: ToolOutcome };

export async function findTicket(workspace: Workspace, ticketKey: string): Promise<Found> {
  const loaded = await loadTracker(workspace);
  if (!loaded.ok) return { ok: false, outcome: fail('ExecutionFailed', loaded.message) };
  const ticket = loaded.value.tickets.find((candidate) => candidate.key === ticketKey);
  if (!ticket) {
    const known = loaded.value.tickets.map((candidate) => candidate.key).join(', ');
    return { ok: false, outcome: fail('ticket_not_found', `Jira ticket '${ticketKey}' not found`, undefined, [`Known tickets: ${known}`]) };
  }
  return { ok: true, tracker: loaded.value, ticket };
}

/** Clock for timestamps; tests set their own. */
export const clock = { now: (): Date => new Date() };
