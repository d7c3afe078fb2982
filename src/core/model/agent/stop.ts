/** Why a run ended. */
export type StopReason =
  /** The model answered without calling a tool. */
  | 'finished'
  /** Calls were judged; running them is the user's choice (the judge-only mode). */
  | 'calls-judged'
  | 'max-steps'
  | 'cancelled'
  | 'error'
  /** The model stopped for length or a content filter. */
  | 'model-stopped';

export const STOP_REASON_TEXT: Record<StopReason, string> = {
  finished: 'The model answered without calling a tool.',
  'calls-judged': 'The model called tools; each call is judged below.',
  'max-steps': 'The step limit was reached.',
  cancelled: 'Stopped by you; what arrived is kept.',
  error: 'The run ended on an error; what arrived is kept.',
  'model-stopped': 'The model stopped (length or content filter).',
};

export const DEFAULT_MAX_STEPS = 5;
export const MAX_STEPS_LIMIT = 20;
