/** Runs the agent for the page: live parts as they stream, verdicts at once, Stop, the record saved to history. */
import { useCallback, useRef, useState } from 'react';
import type { AgentEvent } from '../../../core/model/agent/run-agent';
import type { CallRecord, RunRecord, StepRecord } from '../../../core/model/agent/trace';
import type { ToolResult } from '../../../core/runtime/types';

export interface LiveCall {
  index: number;
  id: string;
  name: string;
  argumentsText: string;
  record?: CallRecord;
  result?: ToolResult;
}

export interface LiveStep {
  step: number;
  text: string;
  calls: LiveCall[];
  record?: StepRecord;
}

export interface LiveRun {
  record: RunRecord;
  steps: LiveStep[];
  running: boolean;
}

/** Folds one agent event into the live view. */
export function applyEvent(live: LiveRun, event: AgentEvent): void {
  if (event.type === 'step-start') {
    live.steps.push({ step: event.step, text: '', calls: [] });
    return;
  }
  const step = live.steps.find((entry) => entry.step === event.step);
  if (!step) return;
  if (event.type === 'step-end') step.record = event.record;
  else if (event.type === 'verdict' || event.type === 'sent') {
    const call = step.calls.find((entry) => entry.id === event.record.call.id) ?? step.calls[event.index];
    if (call) {
      call.record = event.record;
      call.argumentsText = event.record.call.argumentsText;
      if (event.type === 'sent' && event.result) call.result = event.result;
    } else
      step.calls.push({
        index: event.index,
        id: event.record.call.id,
        name: event.record.call.name,
        argumentsText: event.record.call.argumentsText,
        record: event.record,
      });
  } else {
    const part = event.part;
    if (part.type === 'text-delta') step.text += part.text;
    else if (part.type === 'tool-call-start')
      step.calls.push({ index: part.index, id: part.id, name: part.name, argumentsText: '' });
    else if (part.type === 'tool-call-delta') {
      const call = step.calls.find((entry) => entry.index === part.index);
      if (call) call.argumentsText += part.argumentsDelta;
    }
  }
}

/** A completed run as a live view (history entries). */
export function liveOf(record: RunRecord): LiveRun {
  return {
    record,
    running: false,
    steps: record.steps.map((step) => ({
      step: step.step,
      text: step.text,
      record: step,
      calls: step.calls.map((call, index) => ({
        index,
        id: call.call.id,
        name: call.call.name,
        argumentsText: call.call.argumentsText,
        record: call,
      })),
    })),
  };
}

/** Redraws for an event: verdicts and step ends at once, text deltas once a frame. */
function useEventRedraw() {
  const [, setVersion] = useState(0);
  const frame = useRef<number | null>(null);
  const render = useCallback(() => setVersion((version) => version + 1), []);
  const redrawFor = useCallback(
    (event: AgentEvent) => {
      const urgent = event.type !== 'part' || event.part.type === 'tool-call' || event.part.type === 'tool-call-start';
      if (urgent) render();
      else if (frame.current === null) {
        frame.current = requestAnimationFrame(() => {
          frame.current = null;
          render();
        });
      }
    },
    [render],
  );
  return { render, redrawFor };
}

export function useLiveRun() {
  const live = useRef<LiveRun | null>(null);
  const { render, redrawFor } = useEventRedraw();
  const onEvent = useCallback(
    (event: AgentEvent) => {
      if (!live.current) return;
      applyEvent(live.current, event);
      redrawFor(event);
    },
    [redrawFor],
  );
  const show = useCallback(
    (next: LiveRun | null) => {
      live.current = next;
      render();
    },
    [render],
  );
  return { live: live.current, onEvent, show, render };
}

/** Several runs at once (side by side): one live view per column, each fed by its own events, redrawn together. */
export function useLiveRuns() {
  const lives = useRef<LiveRun[] | null>(null);
  const { render, redrawFor } = useEventRedraw();
  const onEventFor = useCallback(
    (column: number) => (event: AgentEvent) => {
      const live = lives.current?.[column];
      if (!live) return;
      applyEvent(live, event);
      redrawFor(event);
    },
    [redrawFor],
  );
  const show = useCallback(
    (next: LiveRun[] | null) => {
      lives.current = next;
      render();
    },
    [render],
  );
  return { lives: lives.current, onEventFor, show };
}
