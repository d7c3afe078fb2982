/**
 * A server's resources and templates, to use: each resource read on a click (text as text; images and audio only
 * through the result view's safe data-URL rules; anything else offered as a download), and each template filled in
 * through a form for its variables, with the URI it expands to (RFC 6570) shown live and values the server
 * suggests while a variable is typed.
 */
import { useEffect, useRef, useState } from 'react';
import { OfferIcon } from './OfferIcon';
import type { ReadResourceResult, Resource, ResourceTemplateType } from '@modelcontextprotocol/client';
import { expandTemplate, templateVariables } from '../../../core/mcp/resources';
import type { McpFailure } from '../../../core/mcp/client';
import { downloadFile } from '../../lib/download';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { useLiveConnections } from '../../services/connections/useConnections';
import { CompletableField } from './CompletableField';
import { Block, shownInline } from './McpResultView';

type Contents = ReadResourceResult['contents'][number];

/** Resources drawn at once; "Show more" adds as many again. */
const RESOURCES_PER_PAGE = 25;

const fileNameOf = (uri: string): string =>
  uri
    .split(/[/?#]/)
    .filter(Boolean)
    .pop()
    ?.replace(/[^\w.-]+/g, '_') || 'resource';

function bytesFrom(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function ContentsItem({ contents }: { contents: Contents }) {
  const mimeType = contents.mimeType ?? '';
  if ('text' in contents && typeof contents.text === 'string') {
    return (
      <div className="mcp-resource-contents">
        <p className="muted small">
          <code>{contents.uri}</code>
          {mimeType ? ` · ${mimeType}` : ''} · text
        </p>
        <pre className="mcp-text">{contents.text}</pre>
      </div>
    );
  }
  const blob = 'blob' in contents && typeof contents.blob === 'string' ? contents.blob : '';
  const media = mimeType.startsWith('image/')
    ? ({ kind: 'image', mimeType, data: blob } as const)
    : mimeType.startsWith('audio/')
      ? ({ kind: 'audio', mimeType, data: blob } as const)
      : undefined;
  const download = () => {
    try {
      downloadFile(fileNameOf(contents.uri), bytesFrom(blob), mimeType || 'application/octet-stream');
    } catch {
      // atob refuses text that is not base64: the message below says so.
    }
  };
  return (
    <div className="mcp-resource-contents">
      <p className="muted small">
        <code>{contents.uri}</code>
        {mimeType ? ` · ${mimeType}` : ''} · binary
      </p>
      {media && shownInline(media) ? <Block block={media} /> : null}
      {!media || !shownInline(media) ? (
        <p>
          <button type="button" className="button" onClick={download}>
            Download {fileNameOf(contents.uri)}
          </button>{' '}
          <span className="muted small">
            Not shown in the page: only text, {media ? 'and images and audio of safe types' : 'images and audio'} are.
          </span>
        </p>
      ) : null}
    </div>
  );
}

type ReadState =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'read'; result: ReadResourceResult }
  | { status: 'failed'; failure: McpFailure };

/** Reads a URI on a click and shows what came back. */
function useRead(connection: LiveConnection) {
  const live = useLiveConnections();
  const [state, setState] = useState<ReadState>({ status: 'idle' });
  const read = async (uri: string) => {
    setState({ status: 'reading' });
    const outcome = await live.readResource(connection.url, uri);
    setState(outcome.ok ? { status: 'read', result: outcome.value } : { status: 'failed', failure: outcome.failure });
  };
  return { state, read };
}

function ReadView({ state }: { state: ReadState }) {
  if (state.status === 'reading') return <p className="muted small">Reading…</p>;
  if (state.status === 'failed')
    return (
      <p className="field-error" role="alert">
        {state.failure.message}
      </p>
    );
  if (state.status !== 'read') return null;
  return (
    <div className="mcp-read" data-testid="resource-contents">
      {state.result.contents.length === 0 ? (
        <p className="muted small">The server returned no contents.</p>
      ) : (
        state.result.contents.map((contents, index) => (
          <ContentsItem key={`${contents.uri}-${index}`} contents={contents} />
        ))
      )}
    </div>
  );
}

/**
 * Subscribe / Unsubscribe for a server that offers it: each update notice for the URI re-reads it. The subscription
 * ends with the button, or when the item leaves the page.
 */
function useSubscription(connection: LiveConnection, uri: string, read: (uri: string) => Promise<void>) {
  const live = useLiveConnections();
  const [subscribed, setSubscribed] = useState<{ close(): Promise<void> } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const updates = connection.updates?.[uri] ?? 0;
  const seen = useRef(updates);
  useEffect(() => {
    if (updates === seen.current) return;
    seen.current = updates;
    if (subscribed) void read(uri);
  }, [updates, subscribed, read, uri]);
  useEffect(() => () => void subscribed?.close().catch(() => undefined), [subscribed]);
  const toggle = async () => {
    setProblem(null);
    if (subscribed) {
      setSubscribed(null);
      return;
    }
    const outcome = await live.subscribe(connection.url, uri);
    if (outcome.ok) {
      seen.current = connection.updates?.[uri] ?? 0;
      setSubscribed(outcome.value);
    } else setProblem(outcome.failure.message);
  };
  return {
    offered: connection.capabilities?.resources?.subscribe === true,
    subscribed: subscribed !== null,
    updates,
    problem,
    toggle,
  };
}

function ResourceItem({ connection, resource }: { connection: LiveConnection; resource: Resource }) {
  const { state, read } = useRead(connection);
  const subscription = useSubscription(connection, resource.uri, read);
  return (
    <li data-testid="resource">
      <OfferIcon icons={resource.icons} name={resource.name} />
      <strong>{resource.title ?? resource.name}</strong>
      {resource.title && resource.title !== resource.name ? (
        <code className="muted small"> {resource.name}</code>
      ) : null}{' '}
      <code className="mcp-offer-uri">{resource.uri}</code>
      {resource.mimeType ? <span className="muted small"> · {resource.mimeType}</span> : null}
      {resource.description ? <span className="mcp-offer-description">{resource.description}</span> : null}
      <span className="mcp-buttons">
        <button
          type="button"
          className="button button-small"
          disabled={state.status === 'reading' || connection.status !== 'connected'}
          onClick={() => void read(resource.uri)}
        >
          {state.status === 'read' ? 'Read again' : 'Read'}
        </button>
        {subscription.offered ? (
          <button
            type="button"
            className="button button-small"
            aria-pressed={subscription.subscribed}
            disabled={connection.status !== 'connected'}
            onClick={() => void subscription.toggle()}
          >
            {subscription.subscribed ? 'Unsubscribe' : 'Subscribe'}
          </button>
        ) : null}
        {subscription.subscribed ? (
          <span className="muted small" role="status" data-testid="resource-subscription">
            Subscribed: re-read on each update{subscription.updates > 0 ? ` (${subscription.updates} so far)` : ''}.
          </span>
        ) : null}
      </span>
      {subscription.problem ? (
        <p className="field-error" role="alert">
          {subscription.problem}
        </p>
      ) : null}
      <ReadView state={state} />
    </li>
  );
}

function TemplateItem({ connection, template }: { connection: LiveConnection; template: ResourceTemplateType }) {
  const variables = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const { state, read } = useRead(connection);
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const expansion = expandTemplate(template.uriTemplate, filled);
  const missing = new Set(expansion.ok ? [] : expansion.missing.map((variable) => variable.name));
  const submit = () => {
    setTried(true);
    if (expansion.ok) void read(expansion.uri);
  };
  return (
    <li data-testid="resource-template">
      <OfferIcon icons={template.icons} name={template.name} />
      <strong>{template.title ?? template.name}</strong>
      {template.title && template.title !== template.name ? (
        <code className="muted small"> {template.name}</code>
      ) : null}{' '}
      <code className="mcp-offer-uri">{template.uriTemplate}</code>
      {template.mimeType ? <span className="muted small"> · {template.mimeType}</span> : null}
      {template.description ? <span className="mcp-offer-description">{template.description}</span> : null}
      <form
        className="mcp-template-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {variables.map((variable) => (
          <CompletableField
            key={variable.name}
            connection={connection}
            completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
            name={variable.name}
            label={`${variable.name}${variable.required ? '' : ' (optional)'}`}
            value={values[variable.name] ?? ''}
            context={filled}
            onChange={(value) => setValues((current) => ({ ...current, [variable.name]: value }))}
            error={
              tried && missing.has(variable.name)
                ? `${variable.name}: required; the URI has no resource without it (it is part of the path).`
                : undefined
            }
          />
        ))}
        <p className="mcp-template-preview" data-testid="template-preview">
          URI:{' '}
          {expansion.ok ? (
            <code>{expansion.uri}</code>
          ) : (
            <span className="muted">fill in {[...missing].join(', ')}</span>
          )}
        </p>
        <div className="mcp-buttons">
          <button
            type="submit"
            className="button button-small"
            disabled={state.status === 'reading' || connection.status !== 'connected'}
          >
            Read
          </button>
        </div>
      </form>
      <ReadView state={state} />
    </li>
  );
}

export function ResourcesList({ connection, resources }: { connection: LiveConnection; resources: Resource[] }) {
  const [shown, setShown] = useState(RESOURCES_PER_PAGE);
  return (
    <>
      <ul className="mcp-offer-list">
        {resources.slice(0, shown).map((resource, index) => (
          <ResourceItem key={`${resource.uri}-${index}`} connection={connection} resource={resource} />
        ))}
      </ul>
      {resources.length > shown ? (
        <p>
          <button type="button" className="button button-small" onClick={() => setShown(shown + RESOURCES_PER_PAGE)}>
            Show {Math.min(RESOURCES_PER_PAGE, resources.length - shown)} more of {resources.length}
          </button>
        </p>
      ) : null}
    </>
  );
}

export function TemplatesList({
  connection,
  templates,
}: {
  connection: LiveConnection;
  templates: ResourceTemplateType[];
}) {
  return (
    <ul className="mcp-offer-list">
      {templates.map((template, index) => (
        <TemplateItem key={`${template.uriTemplate}-${index}`} connection={connection} template={template} />
      ))}
    </ul>
  );
}
