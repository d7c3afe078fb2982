/** The API key field: in this tab's memory, or remembered on this device with a plain warning and Forget. */
import { useId } from 'react';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import { FieldError } from '../../components/FieldError';

/** Whether the remembered key's last write has committed; 'failed': the browser refused it, so it is in this tab's memory only. */
export type KeySaving = 'saving' | 'saved' | 'failed';

export interface KeyControls {
  apiKey: string;
  onKey: (key: string) => void;
  remembered: boolean;
  saving: KeySaving;
  /** Why the browser refused the key, when `saving` is 'failed'. */
  refusal?: string;
  onRemember: (remember: boolean) => void;
  onForget: () => void;
}

export function KeyField({
  provider,
  controls,
  error,
}: {
  provider: ProviderId;
  controls: KeyControls;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-key`}>API key {provider === 'openai-compatible' ? '(if the server needs one)' : ''}</label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={controls.apiKey}
        onChange={(event) => controls.onKey(event.target.value)}
      />
      <FieldError message={error} />
      <div className="model-key-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={controls.remembered}
            onChange={(event) => controls.onRemember(event.target.checked)}
          />{' '}
          Remember on this device
        </label>
        {controls.remembered ? (
          <button type="button" className="button button-small" onClick={controls.onForget}>
            Forget the key
          </button>
        ) : null}
      </div>
      {controls.saving === 'failed' ? (
        <FieldError
          message={`This browser would not store the key: it stays in this tab's memory only. ${controls.refusal || 'The browser gave no reason (a private window, or storage full).'}`}
        />
      ) : null}
      <p className="field-help">
        {controls.remembered && controls.saving === 'saving'
          ? 'Storing your key in this browser…'
          : controls.remembered
            ? 'Your key is stored unencrypted in this browser (IndexedDB) for this site: anyone using this browser profile can read it. Forget it on a shared computer.'
            : `Your key stays in this tab's memory and goes only to ${PROVIDER_ADAPTERS[provider].label} at the base URL; it never enters a link, an export, the history or the raw request view.`}
      </p>
    </div>
  );
}
