import { useEffect, useRef, useState } from 'react';
import { loadTokenizer, type Tokenizer } from '../../../core/tokens';

export type TokenizerState =
  { status: 'idle' | 'loading' } | { status: 'ready'; tokenizer: Tokenizer } | { status: 'error'; message: string };

/** The tokenizer, loaded (once for the page) the first time `wanted` is true. */
export function useTokenizer(wanted: boolean): TokenizerState {
  const [state, setState] = useState<TokenizerState>({ status: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const started = state.status !== 'idle';
  useEffect(() => {
    if (!wanted || started) return;
    setState({ status: 'loading' });
    // The result is dropped only when the component is gone, not when this effect re-runs for its own state change.
    loadTokenizer().then(
      (tokenizer) => {
        if (mounted.current) setState({ status: 'ready', tokenizer });
      },
      (error: unknown) => {
        if (mounted.current)
          setState({
            status: 'error',
            message: `The tokenizer could not be loaded (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`,
          });
      },
    );
  }, [wanted, started]);
  return state;
}
