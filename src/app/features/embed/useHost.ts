import { useEffect } from 'react';
import { applyTheme, resolveTheme } from '../../lib/theme';
import { isHostMessage, type EmbedMessage, type EmbedParams, type EmbedTheme } from './protocol';

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
 * documented shape. Anything else is ignored.
 */
export function useHostMessages(
  params: EmbedParams,
  handlers: { onArguments?: (args: Record<string, unknown>) => void; onTheme?: (theme: EmbedTheme) => void },
): void {
  const { onArguments, onTheme } = handlers;
  useEffect(() => {
    if (!params.origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== params.origin || !isHostMessage(event.data)) return;
      if (event.data.type === 'set-arguments') onArguments?.(event.data.arguments);
      else onTheme?.(event.data.theme);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [params.origin, onArguments, onTheme]);
}
