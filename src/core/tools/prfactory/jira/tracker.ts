/**
 * The in-browser issue tracker the Jira tools work on: tickets with comments and history, seeded from
 * tracker-seed.json on first use and stored with the workspace (see ../store.ts).
 */
import type { Workspace } from '../../../workspace/types';
import { readStore, writeStore, type StoreRead } from '../store';
import seed from './tracker-seed.json';

export const JIRA_STATUSES = ['To Do', 'In Progress', 'In Review', 'Done'] as const;
export type JiraStatus = (typeof JIRA_STATUSES)[number];

/** The workflow: which statuses a ticket may move to from each. */
export const TRANSITIONS: Record<JiraStatus, JiraStatus[]> = {
  'To Do': ['In Progress'],
  'In Progress': ['In Review', 'To Do'],
  'In Review': ['Done', 'In Progress'],
  Done: ['To Do'],
};

export const AGENT = 'PRFactory Agent';

export interface JiraComment {
  id: number;
  author: string;
  body: string;
  createdAt: string;
}

export interface JiraChange {
  at: string;
  author: string;
  field: string;
  from: string | null;
  to: string | null;
}

export interface JiraTicket {
  key: string;
  summary: string;
  description: string;
  status: JiraStatus;
  assignee: string | null;
  priority: string;
  createdAt: string;
  updatedAt: string;
  comments: JiraComment[];
  history: JiraChange[];
}

export interface Tracker {
  nextCommentId: number;
  tickets: JiraTicket[];
}

const FILE = 'jira-tracker.json';

function isTracker(value: unknown): value is Tracker {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Tracker;
  return (
    typeof candidate.nextCommentId === 'number' &&
    Array.isArray(candidate.tickets) &&
    candidate.tickets.every((ticket) => typeof ticket?.key === 'string' && JIRA_STATUSES.includes(ticket.status) && Array.isArray(ticket.comments) && Array.isArray(ticket.history))
  );
}

export function loadTracker(workspace: Workspace): Promise<StoreRead<Tracker>> {
  return readStore(workspace, FILE, () => structuredClone(seed) as Tracker, isTracker);
}

export function saveTracker(workspace: Workspace, tracker: Tracker): Promise<void> {
  return writeStore(workspace, FILE, tracker);
}

/** What the seed's GetTicketTool returns: the ticket's fields, without comments and history. */
export function ticketSummary(ticket: JiraTicket): Record<string, unknown> {
  return {
    Key: ticket.key,
    Summary: ticket.summary,
    Description: ticket.description,
    Status: ticket.status,
    Assignee: ticket.assignee,
    Priority: ticket.priority,
    CreatedAt: ticket.createdAt,
    UpdatedAt: ticket.updatedAt,
  };
}
