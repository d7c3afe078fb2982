// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBED_MESSAGE_SOURCE, type EmbedParams } from './protocol';
import { useHostMessages } from './useHost';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HOST = 'https://host.test';
const params: EmbedParams = { tool: 'read_file', view: 'execute', theme: 'auto', id: 'reader', origin: HOST };

function Listener({ onArguments }: { onArguments: (args: Record<string, unknown>) => void }) {
  useHostMessages(params, { onArguments });
  return null;
}

const fromHost = (args: Record<string, unknown>) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { source: EMBED_MESSAGE_SOURCE, type: 'set-arguments', arguments: args },
      origin: HOST,
      source: window,
    }),
  );
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

const container = document.createElement('div');
const root = createRoot(container);
afterEach(() => act(() => root.render(null)));

describe("the host's arguments", () => {
  it('are applied once per turn, the latest winning', async () => {
    const applied: unknown[] = [];
    act(() => root.render(<Listener onArguments={(args) => applied.push(args)} />));
    fromHost({ path: 'a' });
    fromHost({ path: 'b' });
    expect(applied).toEqual([]);
    await act(nextTurn);
    expect(applied).toEqual([{ path: 'b' }]);
  });

  it('are not lost when the page renders new handlers between the message and its turn', async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    act(() => root.render(<Listener onArguments={(args) => first.push(args)} />));
    fromHost({ path: 'embed-note.txt', start_line: 0 });
    act(() => root.render(<Listener onArguments={(args) => second.push(args)} />));
    await act(nextTurn);
    expect(first).toEqual([]);
    expect(second).toEqual([{ path: 'embed-note.txt', start_line: 0 }]);
  });

  it('from another origin are ignored', async () => {
    const applied: unknown[] = [];
    act(() => root.render(<Listener onArguments={(args) => applied.push(args)} />));
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: EMBED_MESSAGE_SOURCE, type: 'set-arguments', arguments: { path: 'x' } },
        origin: 'https://elsewhere.test',
        source: window,
      }),
    );
    await act(nextTurn);
    expect(applied).toEqual([]);
  });
});
