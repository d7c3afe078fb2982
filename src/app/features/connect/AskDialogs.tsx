/**
 * What a live server asks of the person, one request at a time, oldest first: a form to fill (elicitation), a web
 * page to open (URL elicitation), or a model answer to approve (sampling). Every answer goes back to the server
 * through the connection's queue. The server's text is shown as text, never as markup.
 */
import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { withDefaults, type ElicitAction, type FormAnswer, type UrlRequest } from '../../../core/mcp/input/elicitation';
import type { JsonObject } from '../../../core/toolset/types';
import type { ValidationError } from '../../../core/validation/types';
import { Modal } from '../../components/Modal';
import { toErrorTree } from '../../components/schemaForm/errorSchema';
import { createAllOfMerge } from '../../components/schemaForm/rjsf/allOfMerge';
import { usePage } from '../../lib/page';
import type { PendingAsk, WithdrawnAsk } from '../../services/connections/asks';
import { useLiveConnections } from '../../services/connections/useConnections';
import type { ModelChoice } from '../../../core/mcp/input/sampling-model';
import { AskActions } from './AskActions';
import { elicitationFormSchema } from './elicitationForm';
import './connect.css';

// The model providers load with the first sampling request, not with the page.
const SamplingDialog = lazy(() => import('./SamplingDialog').then((module) => ({ default: module.SamplingDialog })));
const ArgumentsForm = lazy(() =>
  import('../../components/schemaForm/ArgumentsForm').then((module) => ({ default: module.ArgumentsForm })),
);

/** `modelDefaults`: the provider, base URL and model a sampling request is answered with unless the person picks another. */
export function AskDialogs({ modelDefaults }: { modelDefaults?: ModelChoice }) {
  const live = useLiveConnections();
  const asks = useSyncExternalStore(live.asks.subscribe, live.asks.snapshot, live.asks.snapshot);
  const current = asks[0];
  if (!current) return <WithdrawnLines />;
  const server = live.store.get(current.url)?.server?.name ?? current.url;
  const waiting = asks.length > 1 ? `${asks.length - 1} more waiting` : null;
  if (current.kind === 'form') return <FormDialog key={current.id} ask={current} server={server} waiting={waiting} />;
  if (current.kind === 'url')
    return (
      <UrlDialog
        key={current.id}
        request={current.request}
        server={server}
        waiting={waiting}
        onAnswer={(action) => live.asks.answerUrl(current.id, action)}
        onStop={current.stoppable ? () => live.asks.stop(current.id) : undefined}
      />
    );
  return (
    <Suspense fallback={null}>
      <SamplingDialog
        key={current.id}
        ask={current}
        server={server}
        waiting={waiting}
        {...(modelDefaults ? { modelDefaults } : {})}
      />
    </Suspense>
  );
}

function FormDialog({
  ask,
  server,
  waiting,
}: {
  ask: Extract<PendingAsk, { kind: 'form' }>;
  server: string;
  waiting: string | null;
}) {
  const live = useLiveConnections();
  // The page's one allOf merge, shared with the playground's form.
  const allOfMerge = usePage().part(createAllOfMerge);
  const { request } = ask;
  const schema = useMemo(() => elicitationFormSchema(request), [request]);
  const [data, setData] = useState<JsonObject>(() => withDefaults(request, {}) as JsonObject);
  const [errors, setErrors] = useState<ValidationError[]>([]);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorTree = useMemo(() => toErrorTree(errors), [errors]);
  const answer = (value: FormAnswer) => live.asks.answerForm(ask.id, value);
  const accept = async () => {
    setChecking(true);
    setProblem(null);
    try {
      const found = await live.checkAnswer(request, data);
      setErrors(found);
      if (found.length === 0) answer({ action: 'accept', content: data });
    } catch (error) {
      setProblem(
        `The answer could not be checked (${error instanceof Error ? error.message : String(error)}); nothing was sent. Accept again, or decline.`,
      );
    } finally {
      setChecking(false);
    }
  };
  return (
    <Modal
      title={`${server} asks`}
      onCancel={() => answer({ action: 'cancel' })}
      className="mcp-ask"
      initialFocus=".mcp-ask-form input, .mcp-ask-form select, .mcp-ask-form textarea"
    >
      <p className="mcp-ask-message" data-testid="ask-message">
        {request.message}
      </p>
      <div className="mcp-ask-form">
        <Suspense fallback={<p className="muted small">Loading the form…</p>}>
          <ArgumentsForm
            schema={schema}
            formData={data}
            errors={errorTree}
            onChange={(next) => setData(next)}
            idPrefix="ask"
            allOfMerge={allOfMerge}
          />
        </Suspense>
      </div>
      {errors.length > 0 ? (
        <p className="field-error" role="alert" data-testid="ask-errors">
          Not sent: {errors.map((error) => error.message).join('; ')}.
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <AskActions
        waiting={waiting}
        onDecline={() => answer({ action: 'decline' })}
        onCancel={() => answer({ action: 'cancel' })}
        onStop={ask.stoppable ? () => live.asks.stop(ask.id) : undefined}
      >
        <button type="button" className="button button-primary" disabled={checking} onClick={() => void accept()}>
          {checking ? 'Checking…' : 'Accept'}
        </button>
      </AskActions>
    </Modal>
  );
}

function UrlDialog({
  request,
  server,
  waiting,
  onAnswer,
  onStop,
}: {
  request: UrlRequest;
  server: string;
  waiting: string | null;
  onAnswer: (action: ElicitAction) => void;
  onStop: (() => void) | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const web = /^https?:\/\//i.test(request.url);
  return (
    <Modal
      title={`${server} asks you to open a page`}
      onCancel={() => onAnswer('cancel')}
      className="mcp-ask"
      initialFocus=".mcp-ask-decline"
    >
      <p className="mcp-ask-message">{request.message}</p>
      <p className="mcp-ask-domain">
        It leads to <strong data-testid="ask-domain">{request.domain}</strong>
      </p>
      <p className="mcp-ask-url">
        <code data-testid="ask-url">{request.url}</code>
      </p>
      <p className="muted small">
        Opens in a new tab only when you click. Type no secret into this page for it: a page the server names asks for
        its own.
      </p>
      {web ? (
        <p>
          <a
            className="button"
            href={request.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setOpened(true)}
          >
            Open {request.domain}
          </a>
        </p>
      ) : (
        <p className="field-error">Not an http:// or https:// address: it is not opened from here.</p>
      )}
      <AskActions
        waiting={waiting}
        onDecline={() => onAnswer('decline')}
        onCancel={() => onAnswer('cancel')}
        onStop={onStop}
      >
        <button type="button" className="button button-primary" onClick={() => onAnswer('accept')}>
          {opened ? 'Done' : 'Accept'}
        </button>
      </AskActions>
    </Modal>
  );
}

const KIND_NAMES: Record<WithdrawnAsk['kind'], string> = {
  form: 'question',
  url: 'request to open a page',
  sampling: 'sampling request',
};

/** The requests that went away unanswered, each with why; no answer was sent for them. */
function WithdrawnLines() {
  const live = useLiveConnections();
  const lines = useSyncExternalStore(live.asks.subscribe, live.asks.withdrawn, live.asks.withdrawn);
  if (lines.length === 0) return null;
  return (
    <div className="mcp-ask-withdrawn" role="status" data-testid="ask-withdrawn">
      {lines.map((line) => (
        <p key={line.id}>
          <span>
            {live.store.get(line.url)?.server?.name ?? line.url}&rsquo;s {KIND_NAMES[line.kind]}
            {line.message ? <> &ldquo;{line.message.slice(0, 120)}&rdquo;</> : null} closed unanswered: {line.why}. No
            answer was sent.
          </span>
          <button type="button" className="button button-small" onClick={() => live.asks.dismiss(line.id)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
