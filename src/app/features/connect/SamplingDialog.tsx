/**
 * A server's sampling request: its messages, model preferences, system prompt, token limit and tools, shown as text.
 * The person approves it as it is, edits the text of its messages first, or declines. Only Approve sends anything to a
 * model: the one chosen here from the Models page's providers, with the person's key (held by the page's key store,
 * never in the log). Decline reaches the server as a refusal.
 */
import { useEffect, useRef, useState } from 'react';
import type { ModelChoice } from '../../../core/mcp/input/sampling-model';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import { KeyInput } from '../../components/KeyInput';
import { Modal } from '../../components/Modal';
import { ProviderFields } from '../../components/ProviderFields';
import type { PendingAsk } from '../../services/connections/asks';
import { useLiveConnections } from '../../services/connections/useConnections';
import { useServices } from '../../services/Services';
import { AskActions } from './AskActions';

const FALLBACK_MODEL: ModelChoice = {
  provider: 'openai-chat',
  baseUrl: PROVIDER_ADAPTERS['openai-chat'].defaultBaseUrl,
  model: '',
};

/** What stands between the person and Approve, as a sentence naming the field; null when nothing does. */
export function samplingProblem(choice: ModelChoice, apiKey: string): string | null {
  try {
    const url = new URL(choice.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Base URL: use an http:// or https:// address.';
  } catch {
    return 'Base URL: not an address (e.g. http://localhost:11434/v1).';
  }
  if (choice.model.trim() === '') return 'Model: type the model that answers.';
  if (apiKey === '' && choice.provider !== 'openai-compatible')
    return `API key: ${PROVIDER_ADAPTERS[choice.provider].label} needs your key to answer.`;
  return null;
}

export function SamplingDialog({
  ask,
  server,
  waiting,
  modelDefaults,
}: {
  ask: Extract<PendingAsk, { kind: 'sampling' }>;
  server: string;
  waiting: string | null;
  modelDefaults?: ModelChoice;
}) {
  const live = useLiveConnections();
  const { keys } = useServices();
  const { request } = ask;
  const [choice, setChoice] = useState<ModelChoice>(() => ({ ...(modelDefaults ?? FALLBACK_MODEL) }));
  const [apiKey, setApiKey] = useState(() => keys.inMemory(choice.provider));
  const [texts, setTexts] = useState(() => request.messages.map((message) => message.text));
  const [state, setState] = useState<{ sending: boolean; error: string | null; tried: boolean }>({
    sending: false,
    error: null,
    tried: false,
  });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    let active = true;
    if (keys.inMemory(choice.provider) === '')
      void keys
        .loadRemembered(choice.provider)
        .then((key) => active && key !== null && setApiKey((typed) => typed || key));
    return () => {
      active = false;
    };
  }, [keys, choice.provider]);
  useEffect(() => () => controller.current?.abort(), []);
  const edited = texts.some((text, index) => text !== request.messages[index]?.text);
  const problem = samplingProblem(choice, apiKey);

  const approve = async () => {
    setState({ sending: false, error: null, tried: true });
    if (problem) return;
    keys.setInMemory(choice.provider, apiKey);
    controller.current = new AbortController();
    setState({ sending: true, error: null, tried: true });
    const [{ samplingModelRequest, samplingResult }, { streamModel }] = await Promise.all([
      import('../../../core/mcp/input/sampling-model'),
      import('../../../core/model/http'),
    ]);
    const approved = {
      ...request,
      messages: request.messages.map((message, index) => ({ ...message, text: texts[index] ?? message.text })),
    };
    const outcome = await streamModel(
      PROVIDER_ADAPTERS[choice.provider],
      samplingModelRequest(approved, choice, apiKey),
      { signal: controller.current.signal, origin: window.location.origin },
    );
    if (outcome.result) {
      live.asks.answerSampling(ask.id, samplingResult(outcome.result, choice.model));
      return;
    }
    setState({ sending: false, error: outcome.error?.message ?? 'The model gave no answer.', tried: true });
  };

  const stopAndAnswer = (answer: 'decline') => {
    controller.current?.abort();
    live.asks.answerSampling(ask.id, answer);
  };

  return (
    <Modal
      title={`${server} asks a model`}
      onCancel={() => stopAndAnswer('decline')}
      className="mcp-ask mcp-ask-sampling"
      initialFocus=".mcp-ask-decline"
    >
      <p className="muted small">
        Nothing goes to a model until you approve. Edit the messages first if you like; the server gets the model's
        answer.
      </p>
      <dl className="mcp-ask-facts">
        {request.systemPrompt ? (
          <>
            <dt>System prompt</dt>
            <dd data-testid="sampling-system">{request.systemPrompt}</dd>
          </>
        ) : null}
        <dt>Max tokens</dt>
        <dd data-testid="sampling-max-tokens">{request.maxTokens}</dd>
        <dt>Model preferences</dt>
        <dd>{request.modelHints.length > 0 ? request.modelHints.join(', ') : 'none'}</dd>
        <dt>Tools offered</dt>
        <dd>{request.tools.length > 0 ? `${request.tools.join(', ')} (shown, not sent to the model)` : 'none'}</dd>
      </dl>
      {request.messages.map((message, index) => (
        <label key={index} className="exec-field mcp-ask-sampling-message">
          <span>
            Message {index + 1} ({message.role})
          </span>
          <textarea
            value={texts[index] ?? ''}
            rows={Math.min(8, Math.max(2, (texts[index] ?? '').split('\n').length))}
            onChange={(event) => setTexts(texts.map((text, at) => (at === index ? event.target.value : text)))}
          />
        </label>
      ))}
      <ProviderFields
        value={choice}
        onChange={(next) => {
          if (next.provider !== choice.provider) setApiKey(keys.inMemory(next.provider));
          setChoice(next);
        }}
        suffix=" (answers the request)"
      >
        <KeyInput label="API key" value={apiKey} onChange={setApiKey} />
      </ProviderFields>
      {state.tried && problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {state.error ? (
        <p className="field-error" role="alert" data-testid="sampling-error">
          The model did not answer: {state.error} Approve again, or decline.
        </p>
      ) : null}
      <AskActions
        waiting={waiting}
        onDecline={() => stopAndAnswer('decline')}
        onStop={ask.stoppable ? () => live.asks.stop(ask.id) : undefined}
      >
        {edited ? (
          <button
            type="button"
            className="button"
            onClick={() => setTexts(request.messages.map((message) => message.text))}
          >
            Undo edits
          </button>
        ) : null}
        <button type="button" className="button button-primary" disabled={state.sending} onClick={() => void approve()}>
          {state.sending ? 'Asking the model…' : edited ? 'Approve edited request' : 'Approve'}
        </button>
      </AskActions>
    </Modal>
  );
}
