/** A provider's key (this tab's memory or remembered on this device) and its model list: the Models page's and the tool page panel's. */
import { useEffect, useState } from 'react';
import { listModels } from '../../../core/model/http';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import type { KeyControls } from './KeyField';
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
  const [models, setModels] = useState<Omit<ModelList, 'onLoad'>>({ list: [], loading: false, error: null });

  useEffect(() => {
    let active = true;
    setApiKey(keyInMemory(provider));
    setRemembered(false);
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

  const keyControls: KeyControls = {
    apiKey,
    remembered,
    onKey: (key) => {
      setApiKey(key);
      setKeyInMemory(provider, key);
      if (remembered) void rememberKey(provider, key);
    },
    onRemember: (remember) => {
      setRemembered(remember);
      if (remember) void rememberKey(provider, apiKey);
      else void forgetKey(provider).then(() => setKeyInMemory(provider, apiKey));
    },
    onForget: () => {
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
