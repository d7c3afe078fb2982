/**
 * What live servers ask of the person, on the pages that call them: a sampling request is answered by default with
 * the provider, base URL and model last used on the Models page.
 */
import { useState } from 'react';
import { AskDialogs } from '../features/connect/AskDialogs';
import { recalledSettings } from '../features/models/settingsStore';

export function LiveAsks() {
  const [modelDefaults] = useState(() => {
    const { provider, baseUrl, model } = recalledSettings();
    return { provider, baseUrl, model };
  });
  return <AskDialogs modelDefaults={modelDefaults} />;
}
