/**
 * A step's calls. A long list draws only the cards in view (and a few either side) in a scroller of its own, each
 * card measured as it is drawn, so a response at the bound on calls costs what a screenful costs; "Show every call"
 * draws them all, for the keyboard's Tab order and the browser's find in page.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { CallCard, type OpenHere } from './CallCard';
import type { LiveCall } from './useModelRun';

/** From this many calls on, only those in view are drawn: a screen holds about six cards, the scroller about eight. */
const VIRTUAL_FROM = 24;
/** A card's height before it is measured: a valid call with one line of arguments. */
const ESTIMATED_CARD_HEIGHT = 130;
const GAP = 10;

interface ListProps {
  calls: readonly LiveCall[];
  toolsetId: string;
  here?: OpenHere | undefined;
}

const keyOf = (call: LiveCall) => `${call.index}-${call.id}`;

function VirtualCalls({ calls, toolsetId, here }: ListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: calls.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => keyOf(calls[index]!),
    gap: GAP,
    overscan: 4,
  });
  return (
    <div
      ref={scroller}
      className="model-calls-scroll"
      data-testid="model-calls-scroll"
      tabIndex={0}
      aria-label={`${calls.length.toLocaleString('en-US')} calls, drawn as they scroll into view`}
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
            <CallCard call={calls[item.index]!} toolsetId={toolsetId} here={here} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function CallList({ calls, toolsetId, here }: ListProps) {
  const [every, setEvery] = useState(false);
  if (calls.length < VIRTUAL_FROM)
    return calls.map((call) => <CallCard key={keyOf(call)} call={call} toolsetId={toolsetId} here={here} />);
  return (
    <>
      <div className="model-calls-control">
        <button type="button" className="button button-small" aria-pressed={every} onClick={() => setEvery(!every)}>
          {every ? 'Draw only the calls in view' : `Show every call (${calls.length.toLocaleString('en-US')})`}
        </button>
      </div>
      {every ? (
        calls.map((call) => <CallCard key={keyOf(call)} call={call} toolsetId={toolsetId} here={here} />)
      ) : (
        <VirtualCalls calls={calls} toolsetId={toolsetId} here={here} />
      )}
    </>
  );
}
