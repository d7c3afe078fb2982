/** One case edited: messages, expected calls with a matcher per argument, order, negatives, repetitions. */
import { useId, useState } from 'react';
import type { EvalCase, EvalMessage } from '../../../core/evals';
import {
  draftToCase,
  emptyArgument,
  emptyCall,
  type ArgumentDraft,
  type ArgumentKind,
  type CallDraft,
  type CaseDraft,
  type DraftProblem,
} from './caseDraft';

interface Props {
  initial: CaseDraft;
  takenIds: string[];
  toolNames: string[];
  onSave: (evalCase: EvalCase) => void;
  onCancel: () => void;
}

const KINDS: { kind: ArgumentKind; label: string }[] = [
  { kind: 'equals', label: 'exactly' },
  { kind: 'anyOf', label: 'one of' },
  { kind: 'pattern', label: 'matches pattern' },
  { kind: 'typed', label: 'any value of its type' },
  { kind: 'absent', label: 'must be absent' },
];
const ROLES: EvalMessage['role'][] = ['system', 'user', 'assistant', 'tool'];

function Problem({ problems, field }: { problems: DraftProblem[]; field: string }) {
  const found = problems.filter((problem) => problem.field === field);
  return found.length > 0 ? (
    <p className="field-error" role="alert">
      {found.map((problem) => problem.message).join(' ')}
    </p>
  ) : null;
}

export function CaseEditor({ initial, takenIds, toolNames, onSave, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<CaseDraft>(initial);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const invalid = (field: string) => (problems.some((problem) => problem.field === field) ? true : undefined);
  const set = <Key extends keyof CaseDraft>(key: Key, value: CaseDraft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setMessage = (index: number, message: EvalMessage) =>
    set(
      'messages',
      draft.messages.map((entry, at) => (at === index ? message : entry)),
    );
  const setCall = (index: number, call: CallDraft) =>
    set(
      'calls',
      draft.calls.map((entry, at) => (at === index ? call : entry)),
    );
  const setArgument = (callIndex: number, index: number, argument: ArgumentDraft) => {
    const call = draft.calls[callIndex]!;
    setCall(callIndex, { ...call, arguments: call.arguments.map((entry, at) => (at === index ? argument : entry)) });
  };
  const save = () => {
    const result = draftToCase(draft, takenIds);
    if ('problems' in result) setProblems(result.problems);
    else onSave(result.case);
  };

  return (
    <form
      className="eval-case-editor"
      data-testid="case-editor"
      aria-label="Case"
      onSubmit={(event) => (event.preventDefault(), save())}
    >
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-id`}>Case id</label>
          <input
            id={`${id}-id`}
            name="id"
            type="text"
            spellCheck={false}
            value={draft.id}
            aria-invalid={invalid('id')}
            onChange={(event) => set('id', event.target.value)}
          />
          <Problem problems={problems} field="id" />
        </div>
        <div className="field field-grow">
          <label htmlFor={`${id}-description`}>Description</label>
          <input
            id={`${id}-description`}
            type="text"
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </div>
      </div>

      <fieldset className="eval-fieldset">
        <legend>Messages</legend>
        {draft.messages.map((message, index) => (
          <div className="eval-message" key={index}>
            <select
              aria-label={`Message ${index + 1} role`}
              value={message.role}
              onChange={(event) => setMessage(index, { ...message, role: event.target.value as EvalMessage['role'] })}
            >
              {ROLES.map((role) => (
                <option key={role}>{role}</option>
              ))}
            </select>
            <textarea
              aria-label={`Message ${index + 1}`}
              rows={2}
              value={message.content}
              onChange={(event) => setMessage(index, { ...message, content: event.target.value })}
            />
            <button
              type="button"
              className="button button-small"
              aria-label={`Remove message ${index + 1}`}
              onClick={() =>
                set(
                  'messages',
                  draft.messages.filter((_, at) => at !== index),
                )
              }
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-small"
          onClick={() => set('messages', [...draft.messages, { role: 'user', content: '' }])}
        >
          Add message
        </button>
        <Problem problems={problems} field="messages" />
      </fieldset>

      <fieldset className="eval-fieldset">
        <legend>Expected calls</legend>
        <label className="checkbox">
          <input type="checkbox" checked={draft.noCall} onChange={(event) => set('noCall', event.target.checked)} /> No
          call expected (the right answer is to call nothing)
        </label>
        {draft.noCall
          ? null
          : draft.calls.map((call, callIndex) => (
              <div className="eval-call" key={callIndex} data-testid="expected-call">
                <div className="field-row">
                  <div className="field field-grow">
                    <label htmlFor={`${id}-call-${callIndex}`}>
                      Call {callIndex + 1}: tool (or several, comma-separated)
                    </label>
                    <input
                      id={`${id}-call-${callIndex}`}
                      type="text"
                      spellCheck={false}
                      list={`${id}-tools`}
                      value={call.tools}
                      aria-invalid={invalid(`calls.${callIndex}.tools`)}
                      onChange={(event) => setCall(callIndex, { ...call, tools: event.target.value })}
                    />
                    <Problem problems={problems} field={`calls.${callIndex}.tools`} />
                  </div>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      set(
                        'calls',
                        draft.calls.filter((_, at) => at !== callIndex),
                      )
                    }
                  >
                    Remove call
                  </button>
                </div>
                {call.arguments.map((argument, index) => {
                  const field = `calls.${callIndex}.arguments.${index}`;
                  const label = `Call ${callIndex + 1} argument ${index + 1}`;
                  return (
                    <div className="eval-argument" key={index}>
                      <div className="field">
                        <input
                          aria-label={`${label} name`}
                          placeholder="parameter"
                          type="text"
                          spellCheck={false}
                          value={argument.name}
                          aria-invalid={invalid(`${field}.name`)}
                          onChange={(event) => setArgument(callIndex, index, { ...argument, name: event.target.value })}
                        />
                        <Problem problems={problems} field={`${field}.name`} />
                      </div>
                      <select
                        aria-label={`${label} matcher`}
                        value={argument.kind}
                        onChange={(event) =>
                          setArgument(callIndex, index, { ...argument, kind: event.target.value as ArgumentKind })
                        }
                      >
                        {KINDS.map((kind) => (
                          <option key={kind.kind} value={kind.kind}>
                            {kind.label}
                          </option>
                        ))}
                      </select>
                      {argument.kind === 'typed' || argument.kind === 'absent' ? (
                        <span className="muted eval-argument-value">
                          {argument.kind === 'typed' ? 'whatever the schema accepts' : 'the call must not have it'}
                        </span>
                      ) : (
                        <div className="field eval-argument-value">
                          <textarea
                            aria-label={`${label} value`}
                            rows={argument.kind === 'anyOf' ? 2 : 1}
                            spellCheck={false}
                            placeholder={
                              argument.kind === 'anyOf'
                                ? 'one value a line'
                                : argument.kind === 'pattern'
                                  ? '(?i)^readme'
                                  : 'README.md or JSON'
                            }
                            value={argument.value}
                            aria-invalid={invalid(`${field}.value`)}
                            onChange={(event) =>
                              setArgument(callIndex, index, { ...argument, value: event.target.value })
                            }
                          />
                          <Problem problems={problems} field={`${field}.value`} />
                        </div>
                      )}
                      {argument.kind === 'equals' || argument.kind === 'anyOf' ? (
                        <label className="checkbox">
                          <input
                            type="checkbox"
                            checked={argument.optional}
                            onChange={(event) =>
                              setArgument(callIndex, index, { ...argument, optional: event.target.checked })
                            }
                          />{' '}
                          or left out
                        </label>
                      ) : null}
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Remove ${label}`}
                        onClick={() =>
                          setCall(callIndex, { ...call, arguments: call.arguments.filter((_, at) => at !== index) })
                        }
                      >
                        ×
                      </button>
                    </div>
                  );
                })}
                <div className="field-row">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => setCall(callIndex, { ...call, arguments: [...call.arguments, emptyArgument()] })}
                  >
                    Add argument
                  </button>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={call.noOtherArguments}
                      onChange={(event) => setCall(callIndex, { ...call, noOtherArguments: event.target.checked })}
                    />{' '}
                    No other arguments
                  </label>
                </div>
              </div>
            ))}
        {draft.noCall ? null : (
          <button
            type="button"
            className="button button-small"
            onClick={() => set('calls', [...draft.calls, emptyCall()])}
          >
            Add expected call
          </button>
        )}
        <Problem problems={problems} field="calls" />
        <datalist id={`${id}-tools`}>
          {toolNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </fieldset>

      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-order`}>Order</label>
          <select
            id={`${id}-order`}
            value={draft.order}
            onChange={(event) => set('order', event.target.value as CaseDraft['order'])}
          >
            <option value="any">any order (parallel calls)</option>
            <option value="sequence">in this sequence</option>
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor={`${id}-forbidden`}>Must not call (comma-separated)</label>
          <input
            id={`${id}-forbidden`}
            type="text"
            spellCheck={false}
            value={draft.mustNotCall}
            onChange={(event) => set('mustNotCall', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-repetitions`}>Repetitions</label>
          <input
            id={`${id}-repetitions`}
            type="text"
            inputMode="numeric"
            placeholder="suite’s"
            value={draft.repetitions}
            aria-invalid={invalid('repetitions')}
            onChange={(event) => set('repetitions', event.target.value)}
          />
          <Problem problems={problems} field="repetitions" />
        </div>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.allowExtraCalls}
          onChange={(event) => set('allowExtraCalls', event.target.checked)}
        />{' '}
        Calls beyond the expected ones are allowed
      </label>
      {problems.length > 0 ? (
        <p className="field-error">
          {problems.length === 1 ? 'One field needs fixing' : `${problems.length} fields need fixing`}: nothing typed
          was lost.
        </p>
      ) : null}
      <div className="field-row">
        <button type="submit" className="button button-primary">
          Save case
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
