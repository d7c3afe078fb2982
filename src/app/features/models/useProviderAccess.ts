/** A provider's key (this tab's memory or remembered on this device) and its model list: the Models page's and the tool page panel's. */
import { useEffect, useRef, useState } from 'react';
import { listModels } from '../../../core/model/http';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import type { KeyControls, KeySaving } from './KeyField';
import { forgetKey, keyInMemory, loadRememberedKey, rememberKey, setKeyInMemory } from './keyStore';

export interface ModelList {
  list: string[];
  loading: boolean;
  error: string | null;
  onLoad: () => void;
}

export function useProviderAccess(provider: ProviderId, baseUrl: string): { apiKey: string; keyControls: KeyControls; models: ModelList } {
  const [apiKey, setApiKey] = useState(() => keyInMemory(provider));
  const [remembered, setRemembered] = useState(false);
  const [saving, setSaving] = useState<KeySaving>('saved');
  const writes = useRef(0);
  const [models, setModels] = useState<Omit<ModelList, 'onLoad'>>({ list: [], loading: false, error: null });

  useEffect(() => {
    let active = true;
    setApiKey(keyInMemory(provider));
    setRemembered(false);
    setSaving('saved');
    void loadRememberedKey(provider).then((key) => {
      if (!active || key === null) return;
      setApiKey(key);
      setRemembered(true);
    });
    setModels({ list: [], loading: false, error: null });
    return () => {
      active = false;
    };
  }, [provider]);

  // The page says the key is stored only once the write has committed: a reload before then would lose it.
  const store = (key: string) => {
    const ticket = ++writes.current;
    setSaving('saving');
    rememberKey(provider, key).then(
      () => ticket === writes.current && setSaving('saved'),
      () => {
        if (ticket !== writes.current) return;
        setSaving('failed');
        setRemembered(false);
      },
    );
  };
  const keyControls: KeyControls = {
    apiKey,
    remembered,
    saving,
    onKey: (key) => {
      setApiKey(key);
      setKeyInMemory(provider, key);
      if (remembered) store(key);
    },
    onRemember: (remember) => {
      setRemembered(remember);
      if (remember) store(apiKey);
      else {
        writes.current += 1;
        setSaving('saved');
        void forgetKey(provider).then(() => setKeyInMemory(provider, apiKey));
      }
    },
    onForget: () => {
      writes.current += 1;
      setSaving('saved');
      setRemembered(false);
      setApiKey('');
      void forgetKey(provider);
    },
  };
  const onLoad = () => {
    setModels((current) => ({ ...current, loading: true, error: null }));
    void listModels(PROVIDER_ADAPTERS[provider], baseUrl, apiKey, { origin: window.location.origin }).then((outcome) =>
      setModels({ list: outcome.models ?? [], loading: false, error: outcome.error ? outcome.error.message : outcome.models?.length === 0 ? 'The provider listed no models.' : null }),
    );
  };
  return { apiKey, keyControls, models: { ...models, onLoad } };
}
