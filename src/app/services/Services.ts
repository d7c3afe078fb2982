/**
 * What several pages share, as values: made once by each entry point (main.tsx, embed.tsx, ssr.tsx) and handed to
 * components through ServicesContext, as the validator is through ValidatorContext. No module keeps any of it.
 */
import { createContext, useContext } from 'react';
import type { Page } from '../lib/page';
import type { SchemaChecks } from '../lib/schemaWorker';
import type { Connections } from './connections/connections';
import { createKeyStore, type KeyStore } from './keyStore';
import { createRunHistory, type RunHistory } from './runHistory';
import { createRuntimeState, type RuntimeState } from './runtime/state';
import { createToolsets, type Toolsets } from './toolsets';

export interface Services {
  /** The bundled and imported toolsets. */
  toolsets: Toolsets;
  /** API keys, per provider. */
  keys: KeyStore;
  /** Past model runs. */
  runs: RunHistory;
  /** The runtime's page-wide state and, once started, its client. */
  runtime: RuntimeState;
  /**
   * The live MCP connections, made by connectionsOf() (connections/useConnections.ts) when a page first needs them,
   * then kept here for every page after: their code loads with the first page that connects.
   */
  connections: { current: Connections | null; onCreated: Set<() => void> };
  /** The page's schema worker (`page.part(createSchemaChecks)`), its code loaded when first asked for. */
  schemaChecks: () => Promise<SchemaChecks>;
}

/** `page`: the page load the services serve (the runtime waits for its editor); `workspaceKey`: an embed's own workspace. */
export function createServices(options: { page: Page; workspaceKey?: string }): Services {
  const { page, workspaceKey } = options;
  return {
    toolsets: createToolsets(),
    keys: createKeyStore(),
    runs: createRunHistory(),
    runtime: createRuntimeState({ editor: page.editor, ...(workspaceKey !== undefined ? { workspaceKey } : {}) }),
    connections: { current: null, onCreated: new Set() },
    schemaChecks: () => import('../lib/schemaWorker').then((module) => page.part(module.createSchemaChecks)),
  };
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (services === null)
    throw new Error(
      'useServices: no services were provided; wrap the tree in <ServicesContext value={createServices()}> at the entry point.',
    );
  return services;
}
