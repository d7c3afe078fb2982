/** Check a transcript's tool calls against a toolset. */
import { CheckCallsPage } from '../features/check-calls/CheckCallsPage';

export function CheckCallsRoute({ toolsetId }: { toolsetId?: string | undefined }) {
  return <CheckCallsPage toolsetId={toolsetId} />;
}
