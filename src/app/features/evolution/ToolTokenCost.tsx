import { useMemo } from 'react';
import { TOKEN_PROVIDERS, toolTokens } from '../../../core/tokens';
import type { ToolDefinition } from '../../../core/toolset/types';
import { ProviderNotes, providerHeading } from './ProviderNotes';
import { useTokenizer } from './useTokenizer';
import './evolution.css';

/**
 * A tool's cost per provider and where it goes. The tool page draws it (and so loads the tokenizer) as its section
 * comes near the screen: by the time it is drawn the sections above may have grown and moved it away again.
 */
export function ToolTokenCost({ tool }: { tool: ToolDefinition }) {
  const state = useTokenizer(true);
  const cost = useMemo(() => (state.status === 'ready' ? toolTokens(tool, state.tokenizer) : undefined), [state, tool]);
  const total = cost?.byProvider.openai || 1;

  return (
    <div className="tool-token-cost" data-testid="tool-token-cost">
      {state.status === 'error' ? (
        <p className="compare-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {!cost && state.status !== 'error' ? (
        <p className="muted" role="status">
          Counting tokens…
        </p>
      ) : null}
      {cost ? (
        <>
          <dl className="token-providers">
            {TOKEN_PROVIDERS.map((provider) => (
              <div key={provider}>
                <dt>{providerHeading(provider)}</dt>
                <dd data-provider={provider}>{cost.byProvider[provider].toLocaleString('en')}</dd>
              </div>
            ))}
          </dl>
          <h3>What costs most (OpenAI)</h3>
          <ul className="token-parts" data-testid="token-parts">
            {cost.parts.map((part) => (
              <li key={part.pointer + part.label}>
                <span className="token-part-label">{part.label}</span>
                <span className="token-bar" aria-hidden="true">
                  <span style={{ width: `${(part.tokens / total) * 100}%` }} />
                </span>
                <span className="numeric">{part.tokens}</span>
              </li>
            ))}
          </ul>
          <ProviderNotes />
        </>
      ) : null}
    </div>
  );
}
