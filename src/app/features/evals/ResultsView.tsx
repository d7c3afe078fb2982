/** A suite's results: per model × toolset version, each against the first with its noise verdict, and per case. */
import { useMemo, useState } from 'react';
import {
  compareGroups,
  type Aggregate,
  type CaseReport,
  type GroupReport,
  type SuiteReport,
} from '../../../core/evals';
import { DataTable, type Column, type TableSort } from '../../components/DataTable';
import { sortByColumn } from '../../components/sortRows';

const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;
const groupName = (entry: { model: string; toolsetVersion: string | null }): string =>
  entry.toolsetVersion === null ? entry.model : `${entry.model} @ ${entry.toolsetVersion}`;
const interval = (aggregate: Aggregate): string =>
  `${percent(aggregate.passRate.low)}–${percent(aggregate.passRate.high)}`;
const latency = (aggregate: Aggregate): string =>
  aggregate.meanLatencyMs === null ? '—' : `${Math.round(aggregate.meanLatencyMs)} ms`;
const cost = (aggregate: Aggregate): string => (aggregate.costUsd > 0 ? `$${aggregate.costUsd.toFixed(4)}` : '—');
const tokens = (aggregate: Aggregate): string =>
  aggregate.inputTokens + aggregate.outputTokens > 0 ? `${aggregate.inputTokens} / ${aggregate.outputTokens}` : '—';

/** A name with a line-break opportunity after each - : / @ . _ : it wraps between its parts, never inside one. */
function BreakableName({ text }: { text: string }) {
  const parts = text.split(/(?<=[-:/@._])/);
  // One element: a phone's card lays each cell out as a flex row, where loose parts would become items of their own.
  return (
    <span className="breakable-name">
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </span>
  );
}

function metricColumns<Row extends Aggregate>(): Column<Row>[] {
  return [
    {
      header: 'Passed',
      label: 'Passed',
      cell: (row) => `${row.passes}/${row.runs}`,
      className: 'num',
      sortValue: (row) => row.passes,
    },
    {
      header: 'Accuracy',
      label: 'Accuracy',
      cell: (row) => percent(row.passRate.rate),
      className: 'num',
      sortValue: (row) => row.passRate.rate,
    },
    { header: '95% interval', label: '95% interval', cell: interval, className: 'num num-wrap' },
    {
      header: 'Tool selection',
      label: 'Tool selection',
      cell: (row) => percent(row.toolSelection),
      className: 'num',
      sortValue: (row) => row.toolSelection,
    },
    {
      header: 'Valid arguments',
      label: 'Valid arguments',
      cell: (row) => percent(row.validity),
      className: 'num',
      sortValue: (row) => row.validity,
    },
    { header: 'F1', label: 'F1', cell: (row) => row.f1.toFixed(2), className: 'num', sortValue: (row) => row.f1 },
    {
      header: 'Tokens in / out',
      label: 'Tokens in / out',
      cell: tokens,
      className: 'num num-wrap',
      sortValue: (row) => row.inputTokens + row.outputTokens,
    },
    // A run without a figure ("—") sorts after every figure.
    {
      header: 'Latency',
      label: 'Latency',
      cell: latency,
      className: 'num',
      sortValue: (row) => row.meanLatencyMs ?? Number.MAX_VALUE,
    },
    { header: 'Cost', label: 'Cost', cell: cost, className: 'num', sortValue: (row) => row.costUsd },
  ];
}

const counts = (record: Record<string, number>): string =>
  Object.entries(record)
    .sort((left, right) => right[1] - left[1])
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

const groupColumns: Column<GroupReport>[] = [
  {
    header: 'Model',
    label: 'Model',
    cell: (row) => <BreakableName text={groupName(row)} />,
    className: 'eval-name',
    sortValue: groupName,
  },
  ...metricColumns<GroupReport>(),
  {
    header: 'Missing · hallucinated · errors',
    label: 'Missing · hallucinated · errors',
    className: 'eval-misses',
    cell: (row) =>
      [
        Object.keys(row.missing).length > 0 ? `missing ${counts(row.missing)}` : '',
        Object.keys(row.hallucinated).length > 0 ? `hallucinated ${counts(row.hallucinated)}` : '',
        Object.keys(row.errorCodes).length > 0 ? `codes ${counts(row.errorCodes)}` : '',
        row.failedRuns > 0 ? `${row.failedRuns} failed runs` : '',
      ]
        .filter((text) => text !== '')
        .join(' · ') || '—',
  },
];

const caseColumns: Column<CaseReport>[] = [
  {
    header: 'Case',
    label: 'Case',
    cell: (row) => <BreakableName text={row.case} />,
    className: 'eval-name',
    sortValue: (row) => row.case,
  },
  {
    header: 'Model',
    label: 'Model',
    cell: (row) => <BreakableName text={groupName(row)} />,
    className: 'eval-model',
    sortValue: groupName,
  },
  ...metricColumns<CaseReport>(),
  {
    header: 'Why it failed',
    label: 'Why it failed',
    cell: (row) => row.reasons.join(' · ') || '—',
    className: 'eval-reasons',
  },
];

interface Comparison {
  name: string;
  difference: number;
  pValue: number;
  method: string;
  real: boolean;
}

const compareColumns = (first: string): Column<Comparison>[] => [
  {
    header: `Against ${first}`,
    label: 'Variant',
    cell: (row) => <BreakableName text={row.name} />,
    className: 'eval-name',
  },
  {
    header: 'Accuracy difference',
    label: 'Difference',
    cell: (row) => `${row.difference >= 0 ? '+' : ''}${(row.difference * 100).toFixed(1)} points`,
    className: 'num',
    sortValue: (row) => row.difference,
  },
  { header: 'p', label: 'p', cell: (row) => row.pValue.toFixed(3), className: 'num', sortValue: (row) => row.pValue },
  { header: 'Test', label: 'Test', cell: (row) => row.method },
  {
    header: 'Verdict',
    label: 'Verdict',
    cell: (row) => (
      <span className={row.real ? 'eval-real' : 'eval-noise'}>{row.real ? 'a real difference' : 'could be noise'}</span>
    ),
  },
];

/** Case rows shown at first: 3,000 rows laid out take seconds on a slow machine (npm run bench -- evals-page). */
const FIRST_ROWS = 300;

export function ResultsView({ report }: { report: SuiteReport }) {
  const [onlyFailing, setOnlyFailing] = useState(false);
  const [limit, setLimit] = useState(FIRST_ROWS);
  const comparisons = useMemo(() => {
    const [first, ...others] = report.groups;
    if (first === undefined) return [];
    return others.map((other): Comparison => {
      const comparison = compareGroups(other, first);
      return {
        name: groupName(other),
        difference: comparison.difference,
        pValue: comparison.pValue,
        method: comparison.method,
        real: comparison.distinguishable,
      };
    });
  }, [report]);
  // The case table shows its first rows only, so it sorts all the cases here, before they are cut.
  const [caseSort, setCaseSort] = useState<TableSort | undefined>(undefined);
  const cases = useMemo(
    () =>
      sortByColumn(
        onlyFailing ? report.cases.filter((entry) => entry.passes < entry.runs) : report.cases,
        caseColumns,
        caseSort,
      ),
    [report, onlyFailing, caseSort],
  );
  return (
    <div className="eval-results" data-testid="eval-results">
      <h3>By model and toolset version</h3>
      <DataTable
        label="Scores by model"
        className="data-table eval-table"
        testId="eval-groups"
        columns={groupColumns}
        rows={report.groups}
        rowKey={(row) => groupName(row)}
      />
      {comparisons.length > 0 ? (
        <>
          <h3>Compared</h3>
          <p className="muted">
            Each variant against the first: a two-sided test of equal pass rates over the repetitions (Fisher’s exact
            test for small counts). “Could be noise” means more repetitions are needed to tell.
          </p>
          <DataTable
            label="Comparison"
            className="data-table eval-table"
            testId="eval-compare"
            columns={compareColumns(groupName(report.groups[0]!))}
            rows={comparisons}
            rowKey={(row) => row.name}
          />
        </>
      ) : null}
      <div className="eval-cases-head">
        <h3>By case</h3>
        <label className="checkbox">
          <input type="checkbox" checked={onlyFailing} onChange={(event) => setOnlyFailing(event.target.checked)} />{' '}
          Only cases with failures
        </label>
      </div>
      <DataTable
        label="Scores by case"
        className="data-table eval-table"
        testId="eval-cases"
        columns={caseColumns}
        rows={cases.length > limit ? cases.slice(0, limit) : cases}
        rowKey={(row) => `${row.case}\u0000${groupName(row)}`}
        sortControl={{ sort: caseSort, onSort: setCaseSort }}
      />
      {cases.length > limit ? (
        <div className="field-row">
          <span className="muted">
            {limit} of {cases.length} rows shown.
          </span>
          <button type="button" className="button button-small" onClick={() => setLimit(limit + FIRST_ROWS)}>
            Show {Math.min(FIRST_ROWS, cases.length - limit)} more
          </button>
          <button type="button" className="button button-small" onClick={() => setLimit(cases.length)}>
            Show all {cases.length}
          </button>
        </div>
      ) : null}
    </div>
  );
}
