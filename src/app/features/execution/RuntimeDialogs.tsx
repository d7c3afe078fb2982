import { useState } from 'react';
import { RISK_INFO, riskInfo } from '../../../core/toolset/risk';
import { RiskBadge } from '../../components/RiskBadge';
import type { ApprovalRequest, AskRequest, ConfirmRequest } from '../../worker/protocol';
import { Modal } from '../../components/Modal';
import { useRuntimeState, usePendingDialogs, useSingleton } from '../../services/runtime/useRuntimeState';
import { runtimeClient } from '../../services/runtime/client';

/** The runtime's questions to the person: approval, ask_user, confirm_action. One at a time, in order. */
export function RuntimeDialogs() {
  const runtime = useRuntimeState();
  const owner = useSingleton('runtime-dialogs');
  const queue = usePendingDialogs();
  const current = queue[0];
  if (!owner || !current) return null;
  const client = runtimeClient(runtime);
  const dialogId = current.request.dialogId;

  if (current.kind === 'approval') {
    return (
      <ApprovalDialog
        key={dialogId}
        request={current.request}
        onAnswer={(approved, args) => {
          runtime.dismissDialog(dialogId);
          if (!runtime.answerPageApproval(dialogId, approved, args)) client.respondApproval(dialogId, approved, args);
        }}
      />
    );
  }
  if (current.kind === 'ask') {
    return (
      <AskDialog
        key={dialogId}
        request={current.request}
        onAnswer={(answer) => {
          runtime.dismissDialog(dialogId);
          client.respondAsk(dialogId, answer);
        }}
      />
    );
  }
  return (
    <ConfirmDialog
      key={dialogId}
      request={current.request}
      onAnswer={(confirmed) => {
        runtime.dismissDialog(dialogId);
        client.respondConfirm(dialogId, confirmed);
      }}
    />
  );
}

/** A warning triangle drawn inline: no emoji font needed. */
function WarningIcon() {
  return (
    <svg
      className="exec-warning-icon"
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M8 1.8 15 14.2H1z" strokeLinejoin="round" />
      <path d="M8 6.2v3.9M8 11.9v.1" strokeLinecap="round" />
    </svg>
  );
}

/** The arguments as typed, or why they cannot be used (the text is kept as it is either way). */
function parseEdited(text: string): { ok: true; args: Record<string, unknown> } | { ok: false; error: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, error: 'Arguments: must be a JSON object ({ … })' };
    return { ok: true, args: parsed as Record<string, unknown> };
  } catch (error) {
    return {
      ok: false,
      error: `Arguments: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

function ApprovalDialog({
  request,
  onAnswer,
}: {
  request: ApprovalRequest;
  onAnswer: (approved: boolean, args?: Record<string, unknown>) => void;
}) {
  const info = riskInfo(request.risk);
  const original = JSON.stringify(request.args ?? {}, null, 2);
  const [text, setText] = useState(original);
  const edited = text !== original;
  const parsed = parseEdited(text);
  return (
    <Modal
      title="Approve this call?"
      onCancel={() => onAnswer(false)}
      accent={info.color}
      className="exec-approval"
      initialFocus=".exec-deny"
    >
      <p className="exec-approval-risk">
        <RiskBadge level={request.risk} /> <span>{info.description}</span>
      </p>
      {request.reason ? (
        // Why this call is risky, first thing after the level (a critical call is approved "with warning").
        <p className="exec-approval-warning" role="note" style={{ ['--exec-risk-color' as string]: info.color }}>
          <WarningIcon />
          <span>
            <strong>Warning:</strong> {request.reason}
          </span>
        </p>
      ) : null}
      <p className="exec-approval-tool">
        <code>{request.tool}</code>
      </p>
      <p className="exec-approval-summary">{request.summary}</p>
      {request.args !== undefined ? (
        // Approval may change the arguments; the runtime validates the edit again before it runs.
        <label className="exec-field exec-approval-args">
          <span>
            Arguments
            {edited ? (
              <span className="exec-approval-edited"> (edited: checked again before the call runs)</span>
            ) : (
              ' (edit before approving if needed)'
            )}
          </span>
          <textarea
            value={text}
            spellCheck={false}
            rows={Math.min(12, Math.max(3, text.split('\n').length))}
            aria-invalid={!parsed.ok}
            aria-describedby={parsed.ok ? undefined : 'exec-approval-args-error'}
            onChange={(event) => setText(event.target.value)}
          />
          {!parsed.ok ? (
            <span id="exec-approval-args-error" className="exec-approval-args-error" role="alert">
              {parsed.error}
            </span>
          ) : null}
        </label>
      ) : null}
      <div className="exec-modal-actions">
        <button type="button" className="button exec-deny" onClick={() => onAnswer(false)}>
          Deny
        </button>
        {edited ? (
          <button type="button" className="button" onClick={() => setText(original)}>
            Undo edits
          </button>
        ) : null}
        <button
          type="button"
          className="button button-primary exec-approve"
          disabled={!parsed.ok}
          onClick={() => (parsed.ok && edited ? onAnswer(true, parsed.args) : onAnswer(true))}
        >
          {edited ? 'Approve edited call' : 'Approve'}
        </button>
      </div>
    </Modal>
  );
}

function AskDialog({ request, onAnswer }: { request: AskRequest; onAnswer: (answer: string | null) => void }) {
  const [text, setText] = useState(request.defaultOption ?? '');
  const options = request.options ?? [];
  return (
    <Modal
      title="The tool asks"
      onCancel={() => onAnswer(null)}
      initialFocus={options.length > 0 ? '.exec-option-default' : 'input'}
    >
      <p className="exec-question">{request.question}</p>
      {options.length > 0 ? (
        <div className="exec-options" role="group" aria-label="Answers">
          {options.map((option) => (
            <button
              key={option}
              type="button"
              className={`button ${option === request.defaultOption ? 'button-primary exec-option-default' : ''}`}
              onClick={() => onAnswer(option)}
            >
              {option}
            </button>
          ))}
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onAnswer(text);
          }}
        >
          <label className="exec-field">
            <span>Your answer</span>
            <input type="text" value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <div className="exec-modal-actions">
            <button type="button" className="button" onClick={() => onAnswer(null)}>
              Dismiss
            </button>
            <button type="submit" className="button button-primary">
              Answer
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (confirmed: boolean) => void }) {
  return (
    <Modal
      title={request.destructive ? 'Confirm a destructive action' : 'Confirm the action'}
      onCancel={() => onAnswer(false)}
      className={request.destructive ? 'exec-destructive' : undefined}
      accent={request.destructive ? RISK_INFO.high.color : undefined}
      initialFocus=".exec-cancel-action"
    >
      {request.destructive ? (
        <p className="exec-warning" role="note">
          <WarningIcon /> This cannot be undone.
        </p>
      ) : null}
      <p className="exec-question">{request.action}</p>
      <div className="exec-modal-actions">
        <button type="button" className="button exec-cancel-action" onClick={() => onAnswer(false)}>
          Cancel
        </button>
        <button
          type="button"
          className={`button ${request.destructive ? 'button-danger' : 'button-primary'}`}
          onClick={() => onAnswer(true)}
        >
          {request.destructive ? 'Yes, do it' : 'Confirm'}
        </button>
      </div>
    </Modal>
  );
}

/** The page's runtime client, for the Execute panel, which asks for it with the dialogs its calls may open. */
export { runtimeClient };
