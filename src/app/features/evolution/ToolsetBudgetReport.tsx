import { use, useMemo } from 'react';
import { TOKEN_PROVIDERS, toolsetTokens, type ToolTokens } from '../../../core/tokens';
import { DataTable, type Column } from '../../components/DataTable';
import { toolHref } from '../../lib/hrefs';
import { useToolsetStore } from '../../services/useToolsets';
import { ProviderNotes, providerHeading } from './ProviderNotes';
import { useTokenizer } from './useTokenizer';

const number = (value: number): string => value.toLocaleString('en');

/** Tool, one count per provider, and the part that costs most; the bar scales to the heaviest tool. */
function budgetColumns(toolsetId: string, heaviest: number): Column<ToolTokens>[] {
  return [
    {
      header: 'Tool (heaviest first)',
      cell: (tool) => (
        <>
          <a href={toolHref(toolsetId, tool.name)}>
            <code>{tool.name}</code>
          </a>
          <div className="token-bar" aria-hidden="true">
            <span style={{ width: `${(tool.byProvider.openai / heaviest) * 100}%` }} />
          </div>
        </>
      ),
    },
    ...TOKEN_PROVIDERS.map((provider): Column<ToolTokens> => ({
      header: providerHeading(provider),
      headerClassName: 'numeric',
      className: 'numeric',
      cell: (tool) => number(tool.byProvider[provider]),
    })),
    {
      header: 'Costs most',
      className: 'muted',
      cell: (tool) => (tool.parts[0] ? `${tool.parts[0].label} (${tool.parts[0].tokens})` : ''),
    },
  ];
}

/** The budget's body: the tokenizer's state, then the totals and the table. */
export function ToolsetBudgetReport({ toolsetId }: { toolsetId: string }) {
  const toolsets = useToolsetStore();
  const toolset = use(toolsets.loadToolset(toolsetId));
  const state = useTokenizer(true);
  const report = useMemo(
    () => (state.status === 'ready' && toolset ? toolsetTokens(toolset.tools, state.tokenizer) : undefined),
    [state, toolset],
  );
  const heaviest = report?.tools[0]?.byProvider.openai ?? 1;

  return (
    <>
      {state.status === 'loading' || state.status === 'idle' ? (
        <p className="muted" role="status">
          Loading the tokenizer…
        </p>
      ) : null}
      {state.status === 'error' ? (
        <p className="compare-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {report ? (
        <div className="token-budget-body">
          <p
            className={`budget-line ${report.totals.openai > report.budget ? 'is-over' : 'is-within'}`}
            data-testid="budget-total"
          >
            <strong>{number(report.totals.openai)}</strong> of the {number(report.budget)}-token budget (OpenAI,
            o200k_base)
            {report.totals.openai > report.budget
              ? ` — over by ${number(report.totals.openai - report.budget)}`
              : ` — ${number(report.budget - report.totals.openai)} to spare`}
          </p>
          <div className="budget-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (report.totals.openai / report.budget) * 100)}%` }} />
          </div>
          <p className="muted">
            Other providers, whole toolset:{' '}
            {TOKEN_PROVIDERS.filter((provider) => provider !== 'openai')
              .map((provider) => `${providerHeading(provider)} ${number(report.totals[provider])}`)
              .join(' · ')}
          </p>
          <DataTable
            label="Tokens per tool"
            className="token-table"
            testId="token-table"
            columns={budgetColumns(toolsetId, heaviest)}
            rows={report.tools}
            rowKey={(tool) => tool.name}
          />
          <ProviderNotes />
        </div>
      ) : null}
    </>
  );
}
