/**
 * A long list of a run's calls (one column's cards, or the side-by-side rows) drawn virtually: only the items in view
 * (and a few either side), in a scroller of its own, each measured as it is drawn, so a response at the bound on calls
 * costs what a screenful costs. "Show every call" draws them all, for the keyboard's Tab order and find in page.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useRef, useState, type ReactNode } from 'react';

/** From this many calls on, only those in view are drawn: a screen holds about six cards, the scroller about eight. */
const VIRTUAL_FROM = 24;
const GAP = 10;

interface VirtualListProps<Item> {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  render: (item: Item) => ReactNode;
  /** An item's height before it is measured. */
  estimatedHeight: number;
  testId: string;
}

function VirtualItems<Item>({ items, keyOf, render, estimatedHeight, testId }: VirtualListProps<Item>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatedHeight,
    getItemKey: (index) => keyOf(items[index]!),
    gap: GAP,
    overscan: 4,
  });
  return (
    <div
      ref={scroller}
      className="model-calls-scroll"
      data-testid={testId}
      tabIndex={0}
      aria-label={`${items.length.toLocaleString('en-US')} calls, drawn as they scroll into view`}
    >
      <div className="model-calls-track" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="model-calls-item"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {render(items[item.index]!)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The items, all drawn below VIRTUAL_FROM; from it on, drawn as they scroll into view unless every one is asked for. */
export function VirtualList<Item>(props: VirtualListProps<Item>) {
  const [every, setEvery] = useState(false);
  const { items, keyOf, render } = props;
  const all = () => items.map((item) => <Fragment key={keyOf(item)}>{render(item)}</Fragment>);
  if (items.length < VIRTUAL_FROM) return all();
  return (
    <>
      <div className="model-calls-control">
        <button type="button" className="button button-small" aria-pressed={every} onClick={() => setEvery(!every)}>
          {every ? 'Draw only the calls in view' : `Show every call (${items.length.toLocaleString('en-US')})`}
        </button>
      </div>
      {every ? all() : <VirtualItems {...props} />}
    </>
  );
}
