import { useEffect, useLayoutEffect, useRef } from 'react';
import { applyTheme, resolveTheme } from '../../lib/theme';
import {
  EMBED_MESSAGE_SOURCE,
  hostArgumentsProblem,
  isHostMessage,
  type EmbedMessage,
  type EmbedParams,
  type EmbedTheme,
} from './protocol';

export type PostToHost = (message: EmbedMessage) => void;

/** Posts only to the host origin the embed was given, and only when it is framed. */
export function createPoster(origin: string | null): PostToHost {
  return (message) => {
    if (!origin || window.parent === window) return;
    window.parent.postMessage(message, origin);
  };
}

const darkQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export type SetEmbedTheme = (theme: EmbedTheme) => void;

/**
 * The embed's theme: the host's choice, or the system's for `auto`, followed as it changes (with `followSystem`).
 * One per embed page, made by its entry point.
 */
export function createEmbedTheme(initial: EmbedTheme, { followSystem }: { followSystem: boolean }): SetEmbedTheme {
  let current = initial;
  const setTheme = (theme: EmbedTheme): void => {
    current = theme;
    const resolved = resolveTheme(theme === 'auto' ? 'system' : theme, darkQuery()?.matches ?? false);
    applyTheme(resolved);
    window.dispatchEvent(new CustomEvent('themechange', { detail: resolved }));
  };
  setTheme(initial);
  if (followSystem)
    darkQuery()?.addEventListener('change', () => {
      if (current === 'auto') setTheme('auto');
    });
  return setTheme;
}

/**
 * The host's messages: from the window that frames the embed, with the origin it was given, in the
 * documented shape. Anything else is ignored. Arguments past their size or depth are refused (the host is
 * told, with `post`), and a flood of them is applied once per turn of the event loop, the latest winning.
 * The handlers are read when a message is applied, not when the listener was added: a render between a message
 * and its turn (new handlers) neither drops it nor applies it with handlers the page has replaced.
 */
export function useHostMessages(
  params: EmbedParams,
  handlers: {
    onArguments?: (args: Record<string, unknown>) => void;
    onTheme?: (theme: EmbedTheme) => void;
    post?: PostToHost;
  },
): void {
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });
  const { origin, id } = params;
  useEffect(() => {
    if (!origin) return;
    let pending: Record<string, unknown> | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const apply = () => {
      timer = null;
      const args = pending;
      pending = null;
      if (args) current.current.onArguments?.(args);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== origin || !isHostMessage(event.data)) return;
      const { onArguments, onTheme, post } = current.current;
      if (event.data.type === 'set-theme') {
        onTheme?.(event.data.theme);
        return;
      }
      if (!onArguments) return;
      const problem = hostArgumentsProblem(event.data.arguments);
      if (problem) {
        post?.({ source: EMBED_MESSAGE_SOURCE, id, type: 'error', message: `set-arguments: ${problem}` });
        return;
      }
      pending = event.data.arguments;
      timer ??= setTimeout(apply, 0);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      if (timer !== null) clearTimeout(timer);
    };
  }, [origin, id]);
}
