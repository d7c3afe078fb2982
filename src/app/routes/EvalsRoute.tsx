/** Eval suites of expected tool calls, run on models or scored offline. */
import { EvalsPage } from '../features/evals/EvalsPage';

export function EvalsRoute() {
  return <EvalsPage />;
}
