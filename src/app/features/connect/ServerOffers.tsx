/**
 * What a connected server offers besides its tools: its resources and templates (read and filled in here), its
 * prompts, the instructions it sent, and the capabilities it declared. Every text is the server's, shown as text.
 */
import type { ReactNode } from 'react';
import type { ServerCapabilities } from '@modelcontextprotocol/client';
import type { LiveConnection, ServerList } from '../../services/connections/connectionStore';
import { describeFreshness } from '../../services/connections/listWatch';
import { PromptsList } from './PromptsPanel';
import { ResourcesList, TemplatesList } from './ResourcesPanel';
import './server.css';

/** The capabilities as words: `tools (list changes), resources (subscribe), prompts, extensions (io.modelcontextprotocol/tasks)`. */
export function describeCapabilities(capabilities: ServerCapabilities): string {
  const words: string[] = [];
  for (const [name, value] of Object.entries(capabilities)) {
    if (value === undefined || value === null) continue;
    // Extensions are named by their identifiers (`io.modelcontextprotocol/tasks`), other capabilities by their flags.
    const flags =
      typeof value !== 'object'
        ? []
        : name === 'extensions'
          ? Object.keys(value as Record<string, unknown>)
          : Object.entries(value as Record<string, unknown>)
              .filter(([, on]) => on === true)
              .map(([flag]) => flag);
    const named = flags.map((flag) => (flag === 'listChanged' ? 'list changes' : flag));
    words.push(named.length > 0 ? `${name} (${named.join(', ')})` : name);
  }
  return words.length > 0 ? words.join(', ') : 'none';
}

function OfferList<T>({
  label,
  testId,
  list,
  render,
  empty,
  freshness,
}: {
  label: string;
  testId: string;
  list: ServerList<T> | undefined;
  render: (items: T[]) => ReactNode;
  empty: string;
  freshness?: string | undefined;
}) {
  if (!list) return null;
  if ('failure' in list) {
    return (
      <div className="mcp-offer" data-testid={testId}>
        <h4>{label}</h4>
        <p className="field-error">{list.failure.message}</p>
      </div>
    );
  }
  return (
    <details className="mcp-offer" data-testid={testId} open={list.items.length <= 8}>
      <summary>
        <h4>
          {label} ({list.items.length})
        </h4>
      </summary>
      {freshness ? <p className="muted small">{freshness}</p> : null}
      {list.items.length > 0 ? render(list.items) : <p className="muted small">{empty}</p>}
    </details>
  );
}

/** Instructions longer than this are folded: the tools and lists above them stay in view. */
const LONG_INSTRUCTIONS = 400;

function Instructions({ text }: { text: string }) {
  const long = text.length > LONG_INSTRUCTIONS || text.split('\n').length > 6;
  return (
    <details className="mcp-offer" data-testid="server-instructions" open={!long}>
      <summary>
        <h4>Instructions for the model{long ? ` (${text.length} characters)` : ''}</h4>
      </summary>
      <p className="mcp-instructions">{text}</p>
    </details>
  );
}

export function ServerOffers({ connection }: { connection: LiveConnection }) {
  if (!connection.capabilities) return null;
  return (
    <section className="mcp-offers" aria-label="What the server offers">
      {connection.offerChange ? (
        <p className="mcp-change" role="status" data-testid="offer-change">
          The server's {connection.offerChange.list} changed:{' '}
          {connection.offerChange.added.length > 0
            ? `added ${connection.offerChange.added.join(', ')}`
            : 'nothing added'}
          ;{' '}
          {connection.offerChange.removed.length > 0
            ? `removed ${connection.offerChange.removed.join(', ')}`
            : 'nothing removed'}{' '}
          (listed again by itself).
        </p>
      ) : null}
      <OfferList
        label="Resources"
        testId="server-resources"
        list={connection.resources}
        empty="The server lists no resources."
        freshness={describeFreshness(connection.freshness?.resources)}
        render={(resources) => <ResourcesList connection={connection} resources={resources} />}
      />
      {connection.templates && ('failure' in connection.templates || connection.templates.items.length > 0) ? (
        <OfferList
          label="Resource templates"
          testId="server-templates"
          list={connection.templates}
          empty=""
          freshness={describeFreshness(connection.freshness?.resourceTemplates)}
          render={(templates) => <TemplatesList connection={connection} templates={templates} />}
        />
      ) : null}
      <OfferList
        label="Prompts"
        testId="server-prompts"
        list={connection.prompts}
        empty="The server lists no prompts."
        freshness={describeFreshness(connection.freshness?.prompts)}
        render={(prompts) => <PromptsList connection={connection} prompts={prompts} />}
      />
      {connection.instructions ? <Instructions text={connection.instructions} /> : null}
      <p className="muted small" data-testid="server-capabilities">
        Declares: {describeCapabilities(connection.capabilities)}
      </p>
    </section>
  );
}
