import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CallSummary } from '../../../core/calls/types';
import { DataTable, type Column } from '../../components/DataTable';

const MAX_BARS = 15;
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

const TOOL_COLUMNS: Column<CallSummary['byTool'][number]>[] = [
  {
    header: 'Tool',
    rowHeader: true,
    cell: (tool) => (
      <>
        <code>{tool.tool}</code>
        {tool.known ? null : <span className="muted"> (unknown)</span>}
      </>
    ),
  },
  { header: 'Calls', cell: (tool) => tool.calls },
  { header: 'Not valid', cell: (tool) => tool.calls - tool.valid },
  { header: 'Rate', cell: (tool) => percent(tool.invalidRate) },
];

const CODE_COLUMNS: Column<CallSummary['byCode'][number]>[] = [
  { header: 'Code', rowHeader: true, cell: (entry) => <code>{entry.code}</code> },
  { header: 'Count', cell: (entry) => entry.count },
];

interface ChartFigureProps {
  title: string;
  description: string;
  /** The chart, drawn `width` pixels wide. */
  children: (width: number) => React.ReactNode;
  table: React.ReactNode;
  /** Which of the charts this is, in drawing order. */
  index: number;
  /** The chart's width once it is to be drawn; until then its place is kept, at its height, and its table is there. */
  width: number | null;
  height: number;
}

/** A chart with its title and a table of the same numbers, one click away (and always there for screen readers). */
function ChartFigure({ title, description, children, table, index, width, height }: ChartFigureProps) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  return (
    <figure className="call-chart" aria-labelledby={titleId}>
      <figcaption className="call-chart-head">
        <h3 id={titleId}>{title}</h3>
        <button
          type="button"
          className="button button-small"
          aria-pressed={showTable}
          onClick={() => setShowTable((value) => !value)}
        >
          {showTable ? 'Show chart' : 'Show table'}
        </button>
      </figcaption>
      {/* The chart is drawn for the eye; screen readers and keyboards get the same numbers as a table. */}
      <p className="visually-hidden">{description}</p>
      {showTable ? (
        table
      ) : (
        <div aria-hidden="true" data-chart-box={index} style={width === null ? { height } : undefined}>
          {width === null ? null : children(width)}
        </div>
      )}
      {showTable ? null : <div className="visually-hidden">{table}</div>}
    </figure>
  );
}

const CHART_COUNT = 2;

/**
 * The widths the charts are drawn at, one chart after another once the rest of the report is drawn: each is measured
 * in the place kept for it, and drawn as a transition at that size. Left to measure itself, a recharts chart is drawn
 * by a synchronous update, in one task React cannot slice. Measured in Chromium on a 2-core machine at a load of 6 to
 * 10, after a 100 MB log of 2.16 million short calls: both charts drawn with the report made a task of 165–454 ms;
 * drawn one a task, each measuring itself, 129–183 ms; measured here and drawn as transitions, 77–162 ms in five runs
 * of six. In the slow run's kind (621 ms), traces show the report's own first commit and the layout it forces.
 */
function useChartWidths(charts: React.RefObject<HTMLDivElement | null>): (number | null)[] {
  const [widths, setWidths] = useState<number[]>([]);
  useEffect(() => {
    if (widths.length >= CHART_COUNT) return;
    const timer = setTimeout(() => {
      const box = charts.current?.querySelector(`[data-chart-box="${widths.length}"]`);
      // Rounded as recharts rounds the size it measures, so the chart is not drawn again at its own measure.
      const width = box ? Math.round(box.getBoundingClientRect().width) : 0;
      startTransition(() => setWidths((drawn) => [...drawn, width]));
    }, 0);
    return () => clearTimeout(timer);
  }, [charts, widths]);
  return Array.from({ length: CHART_COUNT }, (_, index) => widths[index] ?? null);
}

/** A chart's size from the start when it was measured (0: it measures itself). */
const initialSize = (width: number, height: number) => (width > 0 ? { initialDimension: { width, height } } : {});

export function CallCharts({ summary }: { summary: CallSummary }) {
  const chartsRef = useRef<HTMLDivElement>(null);
  const widths = useChartWidths(chartsRef);
  const tools = summary.byTool.slice(0, MAX_BARS).map((tool) => ({
    tool: tool.tool,
    rate: Math.round(tool.invalidRate * 1000) / 10,
    calls: tool.calls,
    notValid: tool.calls - tool.valid,
  }));
  const codes = summary.byCode.slice(0, MAX_BARS);
  const toolHeight = Math.max(120, tools.length * 28 + 40);
  const codeHeight = Math.max(120, codes.length * 28 + 40);
  return (
    <div className="call-charts" ref={chartsRef}>
      <ChartFigure
        title="Invalid rate per tool"
        index={0}
        width={widths[0] ?? null}
        height={toolHeight}
        description={`Share of each tool's calls that were not valid, for the ${tools.length} most called tools.`}
        table={
          <DataTable
            label="Invalid rate per tool"
            wrapClassName={null}
            className="call-table-plain"
            columns={TOOL_COLUMNS}
            rows={summary.byTool}
            rowKey={(tool) => tool.tool}
          />
        }
      >
        {(width) => (
          <ResponsiveContainer width="100%" height={toolHeight} {...initialSize(width, toolHeight)}>
            <BarChart
              data={tools}
              layout="vertical"
              accessibilityLayer={false}
              margin={{ left: 8, right: 24, top: 4, bottom: 4 }}
            >
              <CartesianGrid horizontal={false} stroke="var(--border)" />
              <XAxis type="number" domain={[0, 100]} unit="%" stroke="var(--text-muted)" fontSize={12} />
              <YAxis type="category" dataKey="tool" width={150} stroke="var(--text-muted)" fontSize={12} interval={0} />
              <Tooltip
                formatter={(value) => [`${String(value)}%`, 'not valid']}
                contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
                cursor={{ fill: 'var(--surface-hover)' }}
              />
              <Bar dataKey="rate" fill="var(--danger)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFigure>
      <ChartFigure
        title="Errors by code"
        index={1}
        width={codes.length === 0 ? 0 : (widths[1] ?? null)}
        height={codeHeight}
        description="How many times each error code was reported, across every call."
        table={
          <DataTable
            label="Errors by code"
            wrapClassName={null}
            className="call-table-plain"
            columns={CODE_COLUMNS}
            rows={summary.byCode}
            rowKey={(entry) => entry.code}
          />
        }
      >
        {(width) =>
          codes.length === 0 ? (
            <p className="muted">No errors.</p>
          ) : (
            <ResponsiveContainer width="100%" height={codeHeight} {...initialSize(width, codeHeight)}>
              <BarChart
                data={codes}
                layout="vertical"
                accessibilityLayer={false}
                margin={{ left: 8, right: 24, top: 4, bottom: 4 }}
              >
                <CartesianGrid horizontal={false} stroke="var(--border)" />
                <XAxis type="number" allowDecimals={false} stroke="var(--text-muted)" fontSize={12} />
                <YAxis
                  type="category"
                  dataKey="code"
                  width={150}
                  stroke="var(--text-muted)"
                  fontSize={12}
                  interval={0}
                />
                <Tooltip
                  contentStyle={{
                    background: 'var(--surface)',
                    border: '1px solid var(--border)',
                    color: 'var(--text)',
                  }}
                  cursor={{ fill: 'var(--surface-hover)' }}
                />
                <Bar dataKey="count" fill="var(--accent)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          )
        }
      </ChartFigure>
    </div>
  );
}
