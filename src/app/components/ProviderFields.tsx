/**
 * Provider, base URL and model: the fields of every model a page runs (the Models page's run and its side-by-side
 * columns, the tool page's Models panel, each model of an eval run).
 */
import { useId, type ReactNode } from 'react';
import { PROVIDER_ADAPTERS } from '../../core/model/providers';
import { PROVIDERS, type ProviderId } from '../../core/model/spec';
import { FieldError } from './FieldError';
import './work-page.css';

export interface ProviderChoice {
  provider: ProviderId;
  baseUrl: string;
  model: string;
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
  /** A new provider comes with its default base URL. */
  onChange: (next: Value) => void;
  /** Appended to each label (" 2" for side by side's second model); empty for the run's own. */
  suffix?: string;
  /** The model field's label ("Model" unless told). */
  modelLabel?: string;
  errors?: { baseUrl?: string | undefined; model?: string | undefined };
  /** The provider's model list, when it was asked for. */
  models?: { list: string[]; loading: boolean; error: string | null; onLoad: () => void };
  /** Fields after the model (a key field). */
  children?: ReactNode;
}

export function ProviderFields<Value extends ProviderChoice>({
  value,
  onChange,
  suffix = '',
  modelLabel = 'Model',
  errors = {},
  models,
  children,
}: Props<Value>) {
  const id = useId();
  return (
    <>
      <div className="field-row">
        <div className="field field-provider">
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
          <input
            id={`${id}-base`}
            type="text"
            spellCheck={false}
            value={value.baseUrl}
            aria-invalid={errors.baseUrl ? true : undefined}
            onChange={(event) => onChange({ ...value, baseUrl: event.target.value })}
          />
          <FieldError message={errors.baseUrl} />
        </div>
      </div>
      <div className="field-row">
        <div className="field field-grow">
          <label htmlFor={`${id}-model`}>
            {modelLabel}
            {suffix}
          </label>
          <input
            id={`${id}-model`}
            type="text"
            spellCheck={false}
            {...(models ? { list: `${id}-models` } : {})}
            value={value.model}
            placeholder={MODEL_PLACEHOLDER[value.provider]}
            aria-invalid={errors.model ? true : undefined}
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
          <button type="button" className="button field-list-button" onClick={models.onLoad} disabled={models.loading}>
            {models.loading
              ? 'Loading…'
              : models.list.length > 0
                ? `${models.list.length} models listed`
                : 'List models'}
          </button>
        ) : null}
        {children}
      </div>
    </>
  );
}
