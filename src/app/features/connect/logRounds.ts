/**
 * The rounds of one call, grouped for the protocol log: a `tools/call` and everything that belongs to it until its
 * final answer. On a 2026-07-28 session that is each `input_required` answer and the retry that carries the
 * person's input (`inputResponses`, with the echoed `requestState`); on a 2025-era session, the server's own
 * requests (`elicitation/create`, `sampling/createMessage`, `roots/list`) made while the call runs, and the
 * client's replies to them.
 */
import type { LogEntry } from '../../../core/mcp/log';

interface CallGroup {
  /** The first `tools/call` sent. */
  head: LogEntry;
  /** What followed, in order: retries, server requests, replies, and the final answer once it came. */
  members: LogEntry[];
  /** How many times the server asked for input during the call. */
  rounds: number;
}

export type LogItem = { entry: LogEntry } | { group: CallGroup };

const SERVER_ASKS: ReadonlySet<string> = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

const resultOf = (entry: LogEntry): Record<string, unknown> | undefined => {
  const result = (entry.message as { result?: unknown }).result;
  return result && typeof result === 'object' ? (result as Record<string, unknown>) : undefined;
};
const paramsOf = (entry: LogEntry): Record<string, unknown> => {
  const params = (entry.message as { params?: unknown }).params;
  return params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
};

/** Groups the calls that asked for input; a call that did not is left as its own entries, where they came. */
export function groupRounds(entries: readonly LogEntry[]): LogItem[] {
  const calls: CallGroup[] = [];
  /** Open calls by the id of their latest request, newest last. */
  const open = new Map<string | number, CallGroup>();
  /** Calls answered with input_required, waiting for their retry, by tool name. */
  const retrying = new Map<string, CallGroup>();
  /** Server requests made during a call, by their id: their reply joins the same call. */
  const asked = new Map<string | number, CallGroup>();

  for (const entry of entries) {
    if (entry.peer === 'app' || entry.id === undefined) continue;
    const isReply = entry.method === 'response' || entry.method === 'error';
    if (entry.direction === 'sent' && entry.method === 'tools/call') {
      const params = paramsOf(entry);
      const name = typeof params.name === 'string' ? params.name : '';
      const continuing =
        params.inputResponses !== undefined || params.requestState !== undefined ? retrying.get(name) : undefined;
      if (continuing) retrying.delete(name);
      const group = continuing ?? { head: entry, members: [], rounds: 0 };
      if (continuing) group.members.push(entry);
      else calls.push(group);
      open.set(entry.id, group);
    } else if (entry.direction === 'received' && isReply && open.has(entry.id)) {
      const group = open.get(entry.id)!;
      open.delete(entry.id);
      group.members.push(entry);
      if (resultOf(entry)?.resultType === 'input_required') {
        group.rounds += 1;
        retrying.set(String(paramsOf(group.head).name ?? ''), group);
      }
    } else if (entry.direction === 'received' && SERVER_ASKS.has(entry.method)) {
      const group = [...open.values()].at(-1);
      if (!group) continue;
      group.rounds += 1;
      group.members.push(entry);
      asked.set(entry.id, group);
    } else if (entry.direction === 'sent' && isReply && asked.has(entry.id)) {
      asked.get(entry.id)!.members.push(entry);
      asked.delete(entry.id);
    }
  }

  const heads = new Map<LogEntry, CallGroup>();
  const folded = new Set<LogEntry>();
  for (const group of calls) {
    if (group.rounds === 0) continue;
    heads.set(group.head, group);
    for (const member of group.members) folded.add(member);
  }
  const items: LogItem[] = [];
  for (const entry of entries) {
    const group = heads.get(entry);
    if (group) items.push({ group });
    else if (!folded.has(entry)) items.push({ entry });
  }
  return items;
}
