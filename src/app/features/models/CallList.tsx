/** A step's calls: every card below VIRTUAL_FROM, else drawn as they scroll into view (VirtualList). */
import { CallCard, type OpenHere } from './CallCard';
import type { LiveCall } from './useModelRun';
import { VirtualList } from './VirtualList';

/** A card's height before it is measured: a valid call with one line of arguments. */
const ESTIMATED_CARD_HEIGHT = 130;

interface ListProps {
  calls: readonly LiveCall[];
  toolsetId: string;
  here?: OpenHere | undefined;
}

const keyOf = (call: LiveCall) => `${call.index}-${call.id}`;

export function CallList({ calls, toolsetId, here }: ListProps) {
  return (
    <VirtualList
      items={calls}
      keyOf={keyOf}
      render={(call) => <CallCard call={call} toolsetId={toolsetId} here={here} />}
      estimatedHeight={ESTIMATED_CARD_HEIGHT}
      testId="model-calls-scroll"
    />
  );
}
