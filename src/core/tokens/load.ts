/**
 * Loads the o200k_base tokenizer on demand (its rank table is about 2 MB of JavaScript), so nothing
 * pays for it until a token budget is shown. One load is shared by every caller.
 */
import type { Tokenizer } from './types';

let loading: Promise<Tokenizer> | null = null;

export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= (async () => {
    const [encoding, functionCalling] = await Promise.all([
      import('gpt-tokenizer/encoding/o200k_base'),
      import('gpt-tokenizer/functionCalling'),
    ]);
    const count = (text: string): number => encoding.countTokens(text);
    return {
      encoding: 'o200k_base',
      count,
      countFunctions: (functions) =>
        functionCalling.estimateTokensInFunctions(
          functions as Parameters<typeof functionCalling.estimateTokensInFunctions>[0],
          count,
        ),
    };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
