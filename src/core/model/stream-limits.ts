/**
 * Bounds on a model's streamed response, enforced as the parts arrive (not once the stream has ended): the
 * characters of one call's arguments, of all calls' arguments together, and the number of calls. When a bound is
 * passed the stream stops there: the calls that arrived whole before it are kept (and judged), the text too, and
 * the response says which bound stopped it.
 */
import type { ModelError, StreamParser, StreamPart } from './spec';

export interface StreamLimits {
  /** Characters one call's arguments may have: a bundled tool's largest valid arguments (1 MiB of content) fit. */
  maxArgumentChars: number;
  /** Characters all calls' arguments may have together. */
  maxTotalArgumentChars: number;
  /** Tool calls one response may carry. */
  maxToolCalls: number;
}

const STREAM_LIMITS: StreamLimits = {
  maxArgumentChars: 2_000_000,
  maxTotalArgumentChars: 8_000_000,
  maxToolCalls: 100,
};

const count = (value: number) => value.toLocaleString('en-US');

interface Tracked {
  id: string;
  name: string;
  args: string;
  closed: boolean;
}

/**
 * Wraps a provider's stream parser. `stopped()` is the error once a bound was passed: the caller stops reading then.
 * The calls a provider closes only at the end (Chat Completions closes every call with its finish chunk) are closed
 * here, from what arrived, for every call that was complete before the one that passed the bound.
 */
export function limitStream(
  parser: StreamParser,
  limits: StreamLimits = STREAM_LIMITS,
): StreamParser & { stopped(): ModelError | null; interrupted(): StreamPart[] } {
  const calls = new Map<number, Tracked>();
  let total = 0;
  let stopped: ModelError | null = null;

  const stop = (offending: number, message: string): StreamPart[] => {
    stopped = { code: 'too_large', message };
    const kept: StreamPart[] = [...calls.entries()]
      .filter(([index, call]) => index !== offending && !call.closed)
      .sort(([left], [right]) => left - right)
      .map(([index, call]) => ({
        type: 'tool-call',
        index,
        call: { id: call.id, name: call.name, argumentsText: call.args },
      }));
    calls.clear();
    return [...kept, { type: 'error', error: stopped }];
  };

  const check = (parts: StreamPart[]): StreamPart[] => {
    const out: StreamPart[] = [];
    for (const part of parts) {
      if (part.type === 'tool-call-start') {
        if (calls.size >= limits.maxToolCalls && !calls.has(part.index)) {
          return [
            ...out,
            ...stop(
              part.index,
              `Stopped: the model asked for more than ${count(limits.maxToolCalls)} tool calls in one response, the most one response may carry here. The first ${count(limits.maxToolCalls)} are kept; the rest were not read.`,
            ),
          ];
        }
        calls.set(part.index, { id: part.id, name: part.name, args: '', closed: false });
      } else if (part.type === 'tool-call-delta') {
        const call = calls.get(part.index);
        total += part.argumentsDelta.length;
        if (call) {
          call.args += part.argumentsDelta;
          if (call.args.length > limits.maxArgumentChars) {
            return [
              ...out,
              ...stop(
                part.index,
                `Stopped: the arguments of the call to ${call.name || 'a tool'} passed ${count(limits.maxArgumentChars)} characters, the most one call may carry here. That call is left out; what arrived before it is kept.`,
              ),
            ];
          }
        }
        if (total > limits.maxTotalArgumentChars) {
          return [
            ...out,
            ...stop(
              part.index,
              `Stopped: the arguments of this response's calls passed ${count(limits.maxTotalArgumentChars)} characters together, the most one response may carry here. The call being written is left out; what arrived before it is kept.`,
            ),
          ];
        }
      } else if (part.type === 'tool-call') {
        const call = calls.get(part.index);
        if (call) {
          call.closed = true;
          // What the call holds is in the part now: the copy here goes.
          call.args = '';
        }
      }
      out.push(part);
    }
    return out;
  };

  /**
   * The stream was stopped from this side (Stop): every call that another call followed arrived whole and is closed
   * here, so it is kept and judged; the call being written when the stream stopped may be cut, and is left out.
   */
  const interrupted = (): StreamPart[] => {
    if (stopped) return [];
    const open = [...calls.entries()].filter(([, call]) => !call.closed).sort(([left], [right]) => left - right);
    const last = Math.max(-1, ...calls.keys());
    calls.clear();
    return open
      .filter(([index]) => index !== last)
      .map(([index, call]) => ({
        type: 'tool-call',
        index,
        call: { id: call.id, name: call.name, argumentsText: call.args },
      }));
  };

  return {
    push: (event) => (stopped ? [] : check(parser.push(event))),
    end: () => (stopped ? [] : check(parser.end())),
    stopped: () => stopped,
    interrupted,
  };
}
