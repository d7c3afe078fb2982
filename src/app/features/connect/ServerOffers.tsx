/**
 * What a connected server says about itself besides its tools: the capabilities it declared, the instructions it
 * sent with initialize, its resources and its prompts. Read-only; every text is the server's and shown as text.
 */
import type { ReactNode } from 'react';
import type { Prompt, Resource, ServerCapabilities } from '@modelcontextprotocol/client';
import type { LiveConnection, ServerList } from '../../services/connections/connectionStore';
import { describeFreshness } from '../../services/connections/listWatch';
import './server.css';

/** The capabilities as words: `tools (list changes), resources (subscribe), prompts, logging`. */
export function describeCapabilities(capabilities: ServerCapabilities): string {
  const words: string[] = [];
  for (const [name, value] of Object.entries(capabilities)) {
    if (value === undefined || value === null) continue;
    const flags = typeof value === 'object' ? Object.entries(value as Record<string, unknown>).filter(([, on]) => on === true).map(([flag]) => flag) : [];
    const named = flags.map((flag) => (flag === 'listChanged' ? 'list changes' : flag));
    words.push(named.length > 0 ? `${name} (${named.join(', ')})` : name);
  }
  return words.length > 0 ? words.join(', ') : 'none';
}

function ResourceItem({ resource }: { resource: Resource }) {
  return (
    <li>
      <strong>{resource.title ?? resource.name}</strong> <code className="mcp-offer-uri">{resource.uri}</code>
      {resource.mimeType ? <span className="muted small"> · {resource.mimeType}</span> : null}
      {resource.description ? <span className="mcp-offer-description">{resource.description}</span> : null}
    </li>
  );
}

function PromptItem({ prompt }: { prompt: Prompt }) {
  return (
    <li>
      <strong>{prompt.title ?? prompt.name}</strong>
      {prompt.title ? <code className="muted small"> {prompt.name}</code> : null}
      {prompt.description ? <span className="mcp-offer-description">{prompt.description}</span> : null}
      {prompt.arguments && prompt.arguments.length > 0 ? (
        <ul className="mcp-offer-arguments" aria-label={`Arguments of ${prompt.name}`}>
          {prompt.arguments.map((argument) => (
            <li key={argument.name}>
              <code>{argument.name}</code>
              <span className="muted small">{argument.required ? ' required' : ' optional'}</span>
              {argument.description ? ` — ${argument.description}` : null}
            </li>
          ))}
        </ul>
      ) : (
        <span className="muted small mcp-offer-description">No arguments.</span>
      )}
    </li>
  );
}

function OfferList<T>({ label, testId, list, render, empty, freshness }: { label: string; testId: string; list: ServerList<T> | undefined; render: (item: T, index: number) => ReactNode; empty: string; freshness?: string | undefined }) {
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
      {list.items.length > 0 ? <ul className="mcp-offer-list">{list.items.map(render)}</ul> : <p className="muted small">{empty}</p>}
    </details>
  );
}

/** Instructions longer than this are folded: the tools and lists above them stay in view. */
export const LONG_INSTRUCTIONS = 400;

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
      <OfferList label="Resources" testId="server-resources" list={connection.resources} empty="The server lists no resources." freshness={describeFreshness(connection.freshness?.resources)} render={(resource, index) => <ResourceItem key={`${resource.uri}-${index}`} resource={resource} />} />
      <OfferList label="Prompts" testId="server-prompts" list={connection.prompts} empty="The server lists no prompts." freshness={describeFreshness(connection.freshness?.prompts)} render={(prompt, index) => <PromptItem key={`${prompt.name}-${index}`} prompt={prompt} />} />
      {connection.instructions ? <Instructions text={connection.instructions} /> : null}
      <p className="muted small" data-testid="server-capabilities">
        Declares: {describeCapabilities(connection.capabilities)}
      </p>
    </section>
  );
}
