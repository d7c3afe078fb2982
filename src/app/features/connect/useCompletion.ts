/**
 * Values a server suggests (`completion/complete`) for a template variable or a prompt argument while it is typed.
 * Only the answer to the latest value is kept: a slow answer to an earlier keystroke never replaces a newer one.
 */
import { useEffect, useRef, useState } from 'react';
import type { CompletionRef } from '../../../core/mcp/client';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { useLiveConnections } from '../../services/connections/useConnections';

export interface Suggestions {
  values: string[];
  /** How many values the server has in all, when it says. */
  total?: number;
  hasMore?: boolean;
}

/** The most suggestions shown at once (the protocol caps an answer at 100). */
export const SHOWN_SUGGESTIONS = 8;

export function useCompletion(
  connection: LiveConnection,
  ref: CompletionRef,
  name: string,
  value: string,
  context: Record<string, string>,
  active: boolean,
): Suggestions | null {
  const live = useLiveConnections();
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const latest = useRef(0);
  const offered = connection.capabilities?.completions !== undefined && connection.status === 'connected';
  const refKey = JSON.stringify(ref);
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    if (!offered || !active) return;
    const asked = ++latest.current;
    void live
      .complete(
        connection.url,
        JSON.parse(refKey) as CompletionRef,
        { name, value },
        JSON.parse(contextKey) as Record<string, string>,
      )
      .then((outcome) => {
        if (asked !== latest.current) return;
        setSuggestions(
          outcome.ok
            ? {
                values: outcome.value.values,
                ...(outcome.value.total !== undefined ? { total: outcome.value.total } : {}),
                ...(outcome.value.hasMore ? { hasMore: true } : {}),
              }
            : null,
        );
      });
  }, [live, connection.url, offered, active, refKey, name, value, contextKey]);
  return offered && active ? suggestions : null;
}
