/** A provider's key (this tab's memory or remembered on this device) and its model list: the Models page's and the tool page panel's. */
import { useEffect, useRef, useState } from 'react';
import { listModels } from '../../../core/model/http';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import type { KeyControls, KeySaving } from './KeyField';
import { useServices } from '../../services/Services';

export interface ModelList {
  list: string[];
  loading: boolean;
  error: string | null;
  onLoad: () => void;
}

export function useProviderAccess(
  provider: ProviderId,
  baseUrl: string,
): { apiKey: string; keyControls: KeyControls; models: ModelList } {
  const { keys } = useServices();
  const [apiKey, setApiKey] = useState(() => keys.inMemory(provider));
  const [remembered, setRemembered] = useState(false);
  const [saving, setSaving] = useState<KeySaving>('saved');
  const [refusal, setRefusal] = useState('');
  const writes = useRef(0);
  const [models, setModels] = useState<Omit<ModelList, 'onLoad'>>({ list: [], loading: false, error: null });

  useEffect(() => {
    let active = true;
    setApiKey(keys.inMemory(provider));
    setRemembered(false);
    setSaving('saved');
    void keys.loadRemembered(provider).then((key) => {
      if (!active || key === null) return;
      setApiKey(key);
      setRemembered(true);
    });
    setModels({ list: [], loading: false, error: null });
    return () => {
      active = false;
    };
  }, [keys, provider]);

  // The page says the key is stored only once the write has committed: a reload before then would lose it.
  const store = (key: string) => {
    const ticket = ++writes.current;
    setSaving('saving');
    void keys.remember(provider, key).then((result) => {
      if (ticket !== writes.current) return;
      setSaving(result.ok ? 'saved' : 'failed');
      setRefusal(result.ok ? '' : result.message);
      if (!result.ok) setRemembered(false);
    });
  };
  const keyControls: KeyControls = {
    apiKey,
    remembered,
    saving,
    refusal,
    onKey: (key) => {
      setApiKey(key);
      keys.setInMemory(provider, key);
      if (remembered) store(key);
    },
    onRemember: (remember) => {
      setRemembered(remember);
      if (remember) store(apiKey);
      else {
        writes.current += 1;
        setSaving('saved');
        void keys.forget(provider).then(() => keys.setInMemory(provider, apiKey));
      }
    },
    onForget: () => {
      writes.current += 1;
      setSaving('saved');
      setRemembered(false);
      setApiKey('');
      void keys.forget(provider);
    },
  };
  const onLoad = () => {
    setModels((current) => ({ ...current, loading: true, error: null }));
    void listModels(PROVIDER_ADAPTERS[provider], baseUrl, apiKey, { origin: window.location.origin }).then((outcome) =>
      setModels({
        list: outcome.models ?? [],
        loading: false,
        error: outcome.error
          ? outcome.error.message
          : outcome.models?.length === 0
            ? 'The provider listed no models.'
            : null,
      }),
    );
  };
  return { apiKey, keyControls, models: { ...models, onLoad } };
}
