/** Loading the tracker and finding one ticket, as every Jira tool starts; storing it, as the changing ones end. */
import type { ToolOutcome } from '../../../runtime/types';
import type { Workspace } from '../../../workspace/types';
import { fail } from '../../support/handler';
import { loadTracker, saveTracker, type JiraTicket, type Tracker } from './tracker';

export type Found = { ok: true; tracker: Tracker; ticket: JiraTicket } | { ok: false; outcome: ToolOutcome };

/** Keys match exactly: the schema's pattern already asks for capitals, so 'proj-1' is a different (unknown) key. */
export async function findTicket(workspace: Workspace, ticketKey: string): Promise<Found> {
  const loaded = await loadTracker(workspace);
  if (!loaded.ok) return { ok: false, outcome: fail('execution_failed', loaded.message) };
  const ticket = loaded.value.tickets.find((candidate) => candidate.key === ticketKey);
  if (!ticket) {
    const known = loaded.value.tickets.map((candidate) => candidate.key).join(', ');
    return {
      ok: false,
      outcome: fail('ticket_not_found', `Jira ticket '${ticketKey}' not found`, undefined, [`Known tickets: ${known}`]),
    };
  }
  return { ok: true, tracker: loaded.value, ticket };
}

/** Save, turning a failed write into an outcome that says nothing was changed (the write is atomic). */
export async function storeTracker(workspace: Workspace, tracker: Tracker): Promise<ToolOutcome | null> {
  try {
    await saveTracker(workspace, tracker);
    return null;
  } catch (error) {
    return fail(
      'execution_failed',
      `Could not store the tracker (${error instanceof Error ? error.message : String(error)}); nothing was changed`,
    );
  }
}
