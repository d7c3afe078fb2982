/**
 * A tools/call result: every content block (server text is always rendered as text, never as HTML), isError, and
 * structuredContent with its verdict against the tool's output schema. Images and audio are shown from data: URLs
 * only for types a browser cannot run as script (no SVG, no HTML), and only when the data is base64. Around it, the
 * tabs every result has: the text the model gets back, the raw JSON as received, the status and the duration.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  DISPLAYABLE_IMAGE_TYPES,
  type ReadResult,
  type ResultBlock,
  type StructuredCheck,
} from '../../../core/mcp/results';
import { toLlmContext } from '../../../core/runtime/result';
import { ResultTabs } from '../../components/ResultTabs';
import { mcpResultToToolResult } from './liveModelCalls';

const AUDIO_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
  'audio/webm',
  'audio/mp4',
  'audio/aac',
  'audio/flac',
];
const isBase64 = (data: string): boolean => data.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(data.replace(/\s+/g, ''));
const bytesOf = (data: string): number => Math.floor((data.replace(/\s+/g, '').length * 3) / 4);
const isWebLink = (uri: string): boolean => /^https?:\/\//i.test(uri);

/** Whether a block's media is drawn in the page: an image of a type that cannot run as script, or audio, in base64. */
export function shownInline(block: ResultBlock): boolean {
  if (block.kind === 'image')
    return (DISPLAYABLE_IMAGE_TYPES as readonly string[]).includes(block.mimeType) && isBase64(block.data);
  if (block.kind === 'audio') return AUDIO_TYPES.includes(block.mimeType) && isBase64(block.data);
  return true;
}

/** One content block, by the rules above: text as text, media from data: URLs only when `shownInline`. */
export function Block({ block }: { block: ResultBlock }) {
  switch (block.kind) {
    case 'text':
      return block.fullLength === undefined ? (
        <pre className="mcp-text">{block.text}</pre>
      ) : (
        <div>
          <pre className="mcp-text">{block.text}</pre>
          <p className="muted small" data-testid="mcp-text-window">
            The first {block.text.length.toLocaleString('en-US')} of {block.fullLength.toLocaleString('en-US')}{' '}
            characters are shown.
          </p>
        </div>
      );
    case 'malformed':
      return (
        <p className="field-error" data-testid="mcp-malformed-block">
          {block.note}: the block was left out.
        </p>
      );
    case 'image':
      return shownInline(block) ? (
        <figure className="mcp-media">
          <img
            src={`data:${block.mimeType};base64,${block.data.replace(/\s+/g, '')}`}
            alt={`Image from the server (${block.mimeType}, ${bytesOf(block.data)} bytes)`}
          />
          <figcaption className="muted small">
            image · {block.mimeType} · {bytesOf(block.data)} bytes
          </figcaption>
        </figure>
      ) : (
        <p className="muted">
          An image of type <code>{block.mimeType || '(none)'}</code> ({bytesOf(block.data)} bytes), not shown: only{' '}
          {DISPLAYABLE_IMAGE_TYPES.join(', ')} in base64 are drawn.
        </p>
      );
    case 'audio':
      return shownInline(block) ? (
        <figure className="mcp-media">
          <audio
            controls
            src={`data:${block.mimeType};base64,${block.data.replace(/\s+/g, '')}`}
            aria-label={`Audio from the server (${block.mimeType})`}
          />
          <figcaption className="muted small">
            audio · {block.mimeType} · {bytesOf(block.data)} bytes
          </figcaption>
        </figure>
      ) : (
        <p className="muted">
          Audio of type <code>{block.mimeType || '(none)'}</code> ({bytesOf(block.data)} bytes), not played.
        </p>
      );
    case 'resource_link':
      return (
        <p className="mcp-resource">
          <span className="mcp-kind">resource link</span> <strong>{block.title ?? block.name}</strong>{' '}
          {isWebLink(block.uri) ? (
            <a href={block.uri} rel="noopener noreferrer nofollow" target="_blank">
              {block.uri}
            </a>
          ) : (
            <code>{block.uri}</code>
          )}
          {block.mimeType ? <span className="muted small"> · {block.mimeType}</span> : null}
          {block.description ? <span className="muted"> — {block.description}</span> : null}
        </p>
      );
    case 'resource':
      return (
        <div className="mcp-resource">
          <p>
            <span className="mcp-kind">embedded resource</span> <code>{block.uri}</code>
            {block.mimeType ? <span className="muted small"> · {block.mimeType}</span> : null}
          </p>
          {block.text !== undefined ? (
            <pre className="mcp-text">{block.text}</pre>
          ) : (
            <p className="muted">
              {block.blob !== undefined ? `${bytesOf(block.blob)} bytes of binary data` : 'No contents.'}
            </p>
          )}
        </div>
      );
    default:
      return (
        <div>
          <p className="muted">
            A content block of unknown type <code>{block.type}</code>:
          </p>
          <pre className="mcp-text">{JSON.stringify(block.raw, null, 2)}</pre>
        </div>
      );
  }
}

function Verdict({ check }: { check: StructuredCheck }) {
  switch (check.status) {
    case 'valid':
      return <p className="mcp-verdict mcp-verdict-valid">structuredContent matches the output schema.</p>;
    case 'invalid':
      return (
        <div className="mcp-verdict mcp-verdict-invalid" role="alert">
          <p>structuredContent does not match the output schema:</p>
          <ul>
            {check.errors.map((error, index) => (
              <li key={index}>
                <code>{error.code}</code> {error.parameter ? <code>{error.parameter}</code> : null} {error.message}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'missing':
      return (
        <p className="mcp-verdict mcp-verdict-invalid" role="alert">
          The tool declares an output schema, but this result has no structuredContent (MCP requires it).
        </p>
      );
    case 'not_checked':
      return <p className="mcp-verdict muted">structuredContent not checked: {check.reason}.</p>;
    default:
      return null;
  }
}

/** The result as drawn: the first tab. */
function McpResultBody({ result }: { result: ReadResult }) {
  return (
    <div className={`mcp-result${result.isError ? ' mcp-result-error' : ''}`} data-testid="mcp-result">
      {result.isError ? (
        <p className="mcp-error-banner" role="alert">
          The tool reported an error (isError).
        </p>
      ) : null}
      {result.blocks.length === 0 ? <p className="muted">No content blocks.</p> : null}
      {result.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {result.structuredWindow ? (
        <div className="mcp-structured">
          <p className="mcp-kind">structuredContent</p>
          <pre className="mcp-text">{result.structuredWindow.text}</pre>
          <p className="muted small" data-testid="mcp-structured-window">
            The first {result.structuredWindow.text.length.toLocaleString('en-US')} of{' '}
            {result.structuredWindow.fullLength.toLocaleString('en-US')} characters of its JSON are shown.
          </p>
        </div>
      ) : result.structuredContent !== undefined ? (
        <div className="mcp-structured">
          <p className="mcp-kind">structuredContent</p>
          <pre className="mcp-text">{JSON.stringify(result.structuredContent, null, 2)}</pre>
        </div>
      ) : null}
      <Verdict check={result.structured} />
    </div>
  );
}

/** What a model is sent for this result: the text the Models page answers a live tool's call with. */
const modelText = (raw: CallToolResult): string => toLlmContext(mcpResultToToolResult(raw));
const asIs = (raw: CallToolResult): CallToolResult => raw;

/** The headline: the first line of the first text block, or what the result holds. */
function headline(result: ReadResult): string {
  if (result.isError) return 'The tool reported an error (isError).';
  const text = result.blocks.find((block) => block.kind === 'text');
  if (text?.kind === 'text') {
    const line = text.text.split('\n', 1)[0] ?? '';
    return line.length > 160 ? `${line.slice(0, 160)}…` : line;
  }
  return result.blocks.length === 0
    ? 'No content blocks.'
    : `${result.blocks.length} content block${result.blocks.length === 1 ? '' : 's'}.`;
}

/** A live tool's result with the tabs of any tool's: `raw` is the result as the server sent it. */
export function McpResultView({
  result,
  raw,
  durationMs,
  tool,
}: {
  result: ReadResult;
  raw: CallToolResult;
  durationMs: number;
  tool: string;
}) {
  return (
    <ResultTabs
      label={`Result of ${tool}`}
      source={raw}
      success={!result.isError}
      status={result.isError ? '✗ isError' : '✓ Success'}
      headline={headline(result)}
      durationMs={durationMs}
      view={<McpResultBody result={result} />}
      llmText={modelText}
      raw={asIs}
      rawLabel="CallToolResult JSON"
      rawFileName="call-tool-result.json"
      testId="live-result"
    />
  );
}
