/**
 * A connected server's tools, first on its card: the live toolset with its count, each tool linked to its page, the
 * tools the client left out (an invalid `x-mcp-header` annotation) and those the import checks refused, each with
 * the reason, the list's freshness where the server gave it, and the last change the server announced. Each tool
 * shows its title with its name, and its icon where the icon rule allows it (OfferIcon).
 */
import type { Tool } from '@modelcontextprotocol/client';
import { isAppOnly } from '../../../core/mcp/apps/visibility';
import { taskSupportOf } from '../../../core/mcp/task-support';
import { catalogHref, toolHref } from '../../lib/hrefs';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { describeFreshness } from '../../services/connections/listWatch';
import { DriftView } from './DriftView';
import { OfferIcon } from './OfferIcon';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function ToolItem({
  tool,
  toolsetId,
  refused,
  capabilities,
}: {
  tool: Tool;
  toolsetId: string | undefined;
  refused: boolean;
  capabilities: LiveConnection['capabilities'];
}) {
  // A tool's own mark is its 2025-11-25 `execution.taskSupport`; with the tasks extension every tool may run as one.
  const tasks = capabilities && tool.execution?.taskSupport ? taskSupportOf(tool, capabilities) : undefined;
  const label = tool.title ?? tool.annotations?.title ?? tool.name;
  return (
    <li data-testid="tool">
      <OfferIcon icons={tool.icons} name={tool.name} />
      {toolsetId && !refused ? <a href={toolHref(toolsetId, tool.name)}>{label}</a> : <strong>{label}</strong>}
      {label !== tool.name ? <code className="muted small"> {tool.name}</code> : null}
      {isAppOnly(tool) ? ' ' : null}
      {isAppOnly(tool) ? (
        <span className="mcp-kind" title="The server shows this tool to its app only: a model is never offered it.">
          app only
        </span>
      ) : null}
      {tasks ? ' ' : null}
      {tasks ? (
        <span
          className="mcp-kind"
          data-testid="task-kind"
          title={
            tasks === 'required'
              ? 'The server runs this tool only as a task: its page offers "Run as a task".'
              : 'Its page offers "Run as a task" beside Execute.'
          }
        >
          {tasks === 'required' ? 'task only' : 'task'}
        </span>
      ) : null}
      {tool.description ? <span className="mcp-offer-description">{tool.description}</span> : null}
    </li>
  );
}

export function ToolsOffer({ connection }: { connection: LiveConnection }) {
  const errors = connection.problems.filter((problem) => problem.severity === 'error');
  const refusedNames = new Set(
    errors.map((problem) => problem.toolName).filter((name): name is string => typeof name === 'string'),
  );
  const usable = connection.tools.length - new Set(errors.map((problem) => problem.toolIndex ?? problem.toolName)).size;
  const excluded = connection.excluded ?? [];
  const freshness = describeFreshness(connection.freshness?.tools);
  if (connection.status !== 'connected' && connection.tools.length === 0) return null;
  return (
    <section className="mcp-tools-offer" aria-label="Tools" data-testid="server-tools">
      <div className="mcp-tools-head">
        <h4>Tools ({usable})</h4>
        {connection.toolsetId ? (
          <a className="button button-primary" href={catalogHref(connection.toolsetId)}>
            Open the live toolset ({plural(usable, 'tool')})
          </a>
        ) : null}
      </div>
      {freshness ? (
        <p className="muted small" data-testid="tools-freshness">
          tools/list: {freshness}
        </p>
      ) : null}
      {connection.tools.length > 0 ? (
        <ul className="mcp-offer-list mcp-tool-list">
          {connection.tools.map((tool, index) => (
            <ToolItem
              key={`${tool.name}-${index}`}
              tool={tool}
              toolsetId={connection.toolsetId}
              refused={refusedNames.has(tool.name)}
              capabilities={connection.capabilities}
            />
          ))}
        </ul>
      ) : (
        <p className="muted small">The server lists no tools.</p>
      )}
      {excluded.length > 0 ? (
        <details className="mcp-refused" open data-testid="excluded-tools">
          <summary>
            {plural(excluded.length, 'tool')} left out: an invalid x-mcp-header annotation (a modern-era client must not
            offer such a tool)
          </summary>
          <ul>
            {excluded.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code>: {tool.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {errors.length > 0 ? (
        <details className="mcp-refused" open>
          <summary>{plural(errors.length, 'tool')} refused by the import checks (the rest are usable)</summary>
          <ul>
            {errors.map((problem, index) => (
              <li key={index}>
                <code>{problem.toolName ?? '?'}</code>: {problem.message}{' '}
                <code className="muted small">{problem.pointer}</code>{' '}
                <span className="muted small">({problem.rule})</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {connection.change ? (
        <div className="mcp-change" role="status" data-testid="list-change">
          <DriftView report={connection.change.report} label="The server's tool list changed" />
        </div>
      ) : null}
    </section>
  );
}
