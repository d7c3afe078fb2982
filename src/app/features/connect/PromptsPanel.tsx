/**
 * A server's prompts, to use: a form for each prompt's arguments (values the server suggests while one is typed),
 * the messages prompts/get returns (text as text, media by the result view's rules), and "Send to a model", which
 * opens the Models page with those messages as its user message.
 */
import { useState } from 'react';
import { OfferIcon } from './OfferIcon';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import { readBlock } from '../../../core/mcp/results';
import type { McpFailure } from '../../../core/mcp/client';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { useLiveConnections } from '../../services/connections/useConnections';
import { CompletableField } from './CompletableField';
import { Block } from './McpResultView';
import { useConnectActions } from './promptHandoff';

type GetState =
  | { status: 'idle' }
  | { status: 'getting' }
  | { status: 'got'; result: GetPromptResult }
  | { status: 'failed'; failure: McpFailure };

function Messages({ result }: { result: GetPromptResult }) {
  const { sendToModel } = useConnectActions();
  const [notSent, setNotSent] = useState<string | null>(null);
  return (
    <div className="mcp-read" data-testid="prompt-messages">
      {result.description ? <p className="muted small">{result.description}</p> : null}
      {result.messages.length === 0 ? <p className="muted small">The server returned no messages.</p> : null}
      <ol className="mcp-prompt-messages">
        {result.messages.map((message, index) => (
          <li key={index} data-testid="prompt-message">
            <span className="mcp-kind">{message.role}</span>
            <Block block={readBlock(message.content)} />
          </li>
        ))}
      </ol>
      {sendToModel ? (
        <div className="mcp-buttons">
          <button
            type="button"
            className="button"
            disabled={result.messages.length === 0}
            onClick={() => setNotSent(sendToModel(result.messages))}
          >
            Send to a model
          </button>
          <span className="muted small">
            Opens the Models page with these messages as the user message; nothing is sent until you run it there.
          </span>
          {notSent ? (
            <p className="field-error" role="alert">
              {notSent}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function PromptItem({ connection, prompt }: { connection: LiveConnection; prompt: Prompt }) {
  const live = useLiveConnections();
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [state, setState] = useState<GetState>({ status: 'idle' });
  const argumentsOf = prompt.arguments ?? [];
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const missing = new Set(
    argumentsOf.filter((argument) => argument.required && !filled[argument.name]).map((argument) => argument.name),
  );
  const get = async () => {
    setTried(true);
    if (missing.size > 0) return;
    setState({ status: 'getting' });
    const outcome = await live.getPrompt(connection.url, prompt.name, filled);
    setState(outcome.ok ? { status: 'got', result: outcome.value } : { status: 'failed', failure: outcome.failure });
  };
  return (
    <li data-testid="prompt">
      <OfferIcon icons={prompt.icons} name={prompt.name} />
      <strong>{prompt.title ?? prompt.name}</strong>
      {prompt.title && prompt.title !== prompt.name ? <code className="muted small"> {prompt.name}</code> : null}
      {prompt.description ? <span className="mcp-offer-description">{prompt.description}</span> : null}
      <form
        className="mcp-template-form"
        aria-label={`Arguments of ${prompt.name}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void get();
        }}
      >
        {argumentsOf.length === 0 ? <span className="muted small mcp-offer-description">No arguments.</span> : null}
        {argumentsOf.map((argument) => (
          <CompletableField
            key={argument.name}
            connection={connection}
            completionRef={{ type: 'ref/prompt', name: prompt.name }}
            name={argument.name}
            label={`${argument.name}${argument.required ? '' : ' (optional)'}`}
            help={argument.description}
            value={values[argument.name] ?? ''}
            context={filled}
            onChange={(value) => setValues((current) => ({ ...current, [argument.name]: value }))}
            error={
              tried && missing.has(argument.name) ? `${argument.name}: required by the prompt; fill it in.` : undefined
            }
          />
        ))}
        <div className="mcp-buttons mcp-template-preview">
          <button
            type="submit"
            className="button button-small"
            disabled={state.status === 'getting' || connection.status !== 'connected'}
          >
            {state.status === 'getting' ? 'Getting…' : 'Get prompt'}
          </button>
        </div>
      </form>
      {state.status === 'failed' ? (
        <p className="field-error" role="alert">
          {state.failure.message}
        </p>
      ) : null}
      {state.status === 'got' ? <Messages result={state.result} /> : null}
    </li>
  );
}

export function PromptsList({ connection, prompts }: { connection: LiveConnection; prompts: Prompt[] }) {
  return (
    <ul className="mcp-offer-list">
      {prompts.map((prompt, index) => (
        <PromptItem key={`${prompt.name}-${index}`} connection={connection} prompt={prompt} />
      ))}
    </ul>
  );
}
