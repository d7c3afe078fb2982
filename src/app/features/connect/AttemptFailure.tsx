/** A first connect that failed: what it was, by name, the sentence that says what to do, and the attempt's protocol log. */
import type { McpFailureKind } from '../../../core/mcp/client';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { ProtocolLog, messageCount } from './ProtocolLog';

/** Each kind of failure in a person's words: the heading above the sentence that explains it. */
const FAILURE_NAMES: Record<McpFailureKind, string> = {
  unreachable: 'The server could not be reached',
  not_mcp: 'Not an MCP endpoint',
  unauthorized: 'The credentials were refused',
  cors: 'The browser withheld the reply (CORS)',
  protocol_version: 'No protocol version in common',
  protocol: 'The server broke the protocol',
  timeout: 'No answer within the time limit',
  cancelled: 'Connecting was cancelled',
  server_error: 'The server answered with an error',
};

export function AttemptFailure({ attempt }: { attempt: LiveConnection }) {
  const failure = attempt.failure;
  if (!failure) return null;
  return (
    <div className="mcp-attempt-failure" data-testid="connect-failure">
      <p className="field-error" role="alert">
        <strong>{FAILURE_NAMES[failure.kind]}.</strong> {failure.message}
      </p>
      <p className="muted small">
        Nothing was saved: fix what the message says and connect again; the form keeps what you typed.
      </p>
      <details className="mcp-log-section">
        <summary>Protocol log of this attempt ({messageCount(attempt.log.length)})</summary>
        <ProtocolLog connection={attempt} />
      </details>
    </div>
  );
}
