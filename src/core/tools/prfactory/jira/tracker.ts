/**
 * The in-browser issue tracker the Jira tools work on: tickets with comments and history, kept in the
 * workspace's own file system at `.git/prfactory/tracker.json` (see ../store.ts for why there).
 * A workspace without that file (fresh or reset) starts from tracker-seed.json.
 */
import type { Workspace } from '../../../workspace/types';
import { readStore, writeStore, type StoreRead } from '../store';
import seed from './tracker-seed.json';
import { isJsonObject } from '../../../json/is-json-object';

export const JIRA_STATUSES = ['To Do', 'In Progress', 'In Review', 'Done'] as const;
export type JiraStatus = (typeof JIRA_STATUSES)[number];

/** The workflow: which statuses a ticket may move to from each. */
export const TRANSITIONS: Record<JiraStatus, readonly JiraStatus[]> = {
  'To Do': ['In Progress'],
  'In Progress': ['In Review', 'To Do'],
  'In Review': ['Done', 'In Progress'],
  Done: ['To Do'],
};

/** Who the tracker names as author of what the tools do. */
export const AGENT = 'PRFactory Agent';

interface JiraComment {
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
  tickets: JiraTicket[];
  nextCommentId: number;
}

const TRACKER_FILE = 'tracker.json';

/** Every timestamp the tools write: read through `Date.now`, the one clock a test stands in for. */
export const timestamp = (): string => new Date(Date.now()).toISOString();

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): boolean => value === null || typeof value === 'string';

const isComment = (value: unknown): boolean =>
  isJsonObject(value) &&
  Number.isInteger(value.id) &&
  isString(value.author) &&
  isString(value.body) &&
  isString(value.createdAt);

const isChange = (value: unknown): boolean =>
  isJsonObject(value) &&
  isString(value.at) &&
  isString(value.author) &&
  isString(value.field) &&
  isNullableString(value.from) &&
  isNullableString(value.to);

const isTicket = (value: unknown): boolean =>
  isJsonObject(value) &&
  isString(value.key) &&
  isString(value.summary) &&
  isString(value.description) &&
  (JIRA_STATUSES as readonly unknown[]).includes(value.status) &&
  isNullableString(value.assignee) &&
  isString(value.priority) &&
  isString(value.createdAt) &&
  isString(value.updatedAt) &&
  Array.isArray(value.comments) &&
  value.comments.every(isComment) &&
  Array.isArray(value.history) &&
  value.history.every(isChange);

/** The whole shape is checked, so a hand-edited file fails here with a clear message rather than in a handler. */
export function isTracker(value: unknown): value is Tracker {
  return (
    isJsonObject(value) &&
    Number.isInteger(value.nextCommentId) &&
    Array.isArray(value.tickets) &&
    value.tickets.every(isTicket)
  );
}

/** A fresh copy of the seed, so nothing a handler does can change the imported module. */
export function seedTracker(): Tracker {
  return structuredClone(seed) as Tracker;
}

/** The stored tracker, or the seed when the workspace has none yet; a damaged file is reported and left as it is. */
export function loadTracker(workspace: Workspace): Promise<StoreRead<Tracker>> {
  return readStore(workspace, TRACKER_FILE, seedTracker, isTracker);
}

/** One atomic write (temporary file + rename in the same directory): every change in `tracker` lands or none does. */
export function saveTracker(workspace: Workspace, tracker: Tracker): Promise<void> {
  return writeStore(workspace, TRACKER_FILE, tracker);
}

/** What PRFactory's GetTicketTool returns: the ticket's fields, in its order, without comments and history. */
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
