/** One call as it streams in, then its verdict: valid, or errors by parameter and code, and the exact text the model gets. */
import { argumentsTextOf } from '../../../core/calls/arguments-text';
import type { CallStatus } from '../../../core/calls/types';
import type { JsonValue } from '../../../core/toolset/types';
import { encodeArgumentsText } from '../../lib/shareLink';
import { toolHref } from '../../lib/hrefs';
import type { LiveCall } from './useModelRun';

export const VERDICT_LABELS: Record<CallStatus, string> = {
  valid: 'Valid',
  invalid: 'Invalid',
  unknown_tool: 'Unknown tool',
  unparseable: 'Not JSON',
};

function playgroundLink(toolsetId: string, call: LiveCall): { href: string; label: string } | null {
  const verdict = call.record?.verdict;
  if (!verdict) return null;
  const tool = verdict.status === 'unknown_tool' ? verdict.suggestions?.[0] : verdict.tool;
  if (tool === undefined || tool === '') return null;
  const text = argumentsTextOf(verdict.arguments) ?? '{}';
  return {
    href: toolHref(toolsetId, tool, encodeArgumentsText(text)),
    label: verdict.status === 'unknown_tool' ? `Open as ${tool}` : 'Open in playground',
  };
}

/** On a tool's own page: that tool's calls open in the page's editor rather than by a link. */
export interface OpenHere {
  toolName: string;
  onOpen: (args: JsonValue) => void;
}

function argumentsHere(call: LiveCall, here: OpenHere | undefined): JsonValue | undefined {
  const verdict = call.record?.verdict;
  if (!here || !verdict || verdict.tool !== here.toolName || verdict.status === 'unparseable') return undefined;
  try {
    return JSON.parse(argumentsTextOf(verdict.arguments) ?? '{}') as JsonValue;
  } catch {
    return undefined;
  }
}

export function CallCard({
  call,
  toolsetId,
  here,
}: {
  call: LiveCall;
  toolsetId: string;
  here?: OpenHere | undefined;
}) {
  const verdict = call.record?.verdict;
  const sent = call.record?.sent;
  const hereArguments = argumentsHere(call, here);
  const link = hereArguments === undefined ? playgroundLink(toolsetId, call) : null;
  const status = verdict?.status;
  return (
    <article
      className={`model-call ${status ? `is-${status}` : 'is-streaming'}`}
      data-testid="model-call"
      data-status={status ?? 'streaming'}
    >
      <header className="model-call-head">
        <code className="model-call-name">{call.name}</code>
        <span className={`model-verdict verdict-${status ?? 'streaming'}`}>
          {status ? VERDICT_LABELS[status] : 'Arriving…'}
        </span>
        {hereArguments !== undefined ? (
          <button type="button" className="button button-small" onClick={() => here!.onOpen(hereArguments)}>
            Open in playground
          </button>
        ) : link ? (
          <a className="button button-small" href={link.href}>
            {link.label}
          </a>
        ) : null}
      </header>
      <pre className="model-call-args" aria-label="Arguments as sent">
        {call.argumentsText === '' ? ' ' : call.argumentsText}
      </pre>
      {verdict && verdict.status === 'unknown_tool' ? (
        <p className="model-call-note">
          No tool is named <code>{verdict.tool}</code>.{' '}
          {verdict.suggestions && verdict.suggestions.length > 0 ? (
            <>
              Closest: <code>{verdict.suggestions.join(', ')}</code>.
            </>
          ) : (
            'No close name.'
          )}
        </p>
      ) : null}
      {verdict && verdict.status === 'unparseable' ? (
        <p className="model-call-note">The arguments are not JSON: they are shown as the model sent them.</p>
      ) : null}
      {verdict && verdict.errors.length > 0 ? (
        <ul className="model-call-errors" aria-label="Validation errors">
          {verdict.errors.map((error, index) => (
            <li key={index}>
              <code>{error.parameter === '' ? '(arguments)' : error.parameter}</code>{' '}
              <span className="model-error-code">{error.code}</span> {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {verdict ? (
        <details className="model-llm-text">
          <summary>What the model is told</summary>
          <pre>{verdict.llmText}</pre>
        </details>
      ) : null}
      {sent ? (
        <div className={`model-call-sent ${sent.isError ? 'is-error' : ''}`} data-testid="model-call-sent">
          <strong>{sent.executed ? (sent.isError ? 'Ran, failed' : 'Ran') : 'Not run'}</strong>
          <span className="muted"> — sent back to the model:</span>
          <pre>{sent.content}</pre>
        </div>
      ) : null}
    </article>
  );
}
