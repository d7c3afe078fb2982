/** Provider, base URL and model: the fields every model column has (the run's own, and side by side's others). */
import { useId, type ReactNode } from 'react';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import { PROVIDERS, type ProviderId } from '../../../core/model/spec';

export interface ProviderChoice {
  provider: ProviderId;
  baseUrl: string;
  model: string;
}

export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

const MODEL_PLACEHOLDER: Record<ProviderId, string> = {
  'openai-chat': 'gpt-4.1-mini',
  'openai-responses': 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  'openai-compatible': 'llama3.1',
};

interface Props<Value extends ProviderChoice> {
  value: Value;
  onChange: (next: Value) => void;
  /** Appended to each label (" 2" for side by side's second model); empty for the run's own. */
  suffix?: string;
  errors?: { baseUrl?: string | undefined; model?: string | undefined };
  /** The provider's model list, when it was asked for. */
  models?: { list: string[]; loading: boolean; error: string | null; onLoad: () => void };
  /** Fields after the model (the key of a side-by-side column). */
  children?: ReactNode;
}

export function ProviderFields<Value extends ProviderChoice>({ value, onChange, suffix = '', errors = {}, models, children }: Props<Value>) {
  const id = useId();
  return (
    <>
      <div className="model-settings-row">
        <div className="field model-provider-field">
          <label htmlFor={`${id}-provider`}>Provider{suffix}</label>
          <select
            id={`${id}-provider`}
            value={value.provider}
            onChange={(event) => {
              const provider = event.target.value as ProviderId;
              onChange({ ...value, provider, baseUrl: PROVIDER_ADAPTERS[provider].defaultBaseUrl });
            }}
          >
            {PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {PROVIDER_ADAPTERS[provider].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor={`${id}-base`}>Base URL{suffix}</label>
          <input id={`${id}-base`} type="text" spellCheck={false} value={value.baseUrl} onChange={(event) => onChange({ ...value, baseUrl: event.target.value })} />
          <FieldError message={errors.baseUrl} />
        </div>
      </div>
      <div className="model-settings-row">
        <div className="field field-grow">
          <label htmlFor={`${id}-model`}>Model{suffix}</label>
          <input
            id={`${id}-model`}
            type="text"
            spellCheck={false}
            {...(models ? { list: `${id}-models` } : {})}
            value={value.model}
            placeholder={MODEL_PLACEHOLDER[value.provider]}
            onChange={(event) => onChange({ ...value, model: event.target.value })}
          />
          {models ? (
            <datalist id={`${id}-models`}>
              {models.list.map((model) => (
                <option key={model} value={model} />
              ))}
            </datalist>
          ) : null}
          <FieldError message={errors.model} />
          {models?.error ? <p className="field-error">{models.error}</p> : null}
        </div>
        {models ? (
          <button type="button" className="button model-list-button" onClick={models.onLoad} disabled={models.loading}>
            {models.loading ? 'Loading…' : models.list.length > 0 ? `${models.list.length} models listed` : 'List models'}
          </button>
        ) : null}
        {children}
      </div>
    </>
  );
}
