// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../services/Services';
import type { Toolsets } from '../services/toolsets';
import { SearchDialog } from './SearchDialog';

// One toolset whose summaries are still on their way: what the dialog reads of the toolsets service until they come.
const entries = [{ toolset: { manifest: { id: 'acode-core', name: 'Acode core tools' } } }];
const toolsets = {
  bundled: entries,
  entries: () => entries,
  subscribe: () => () => {},
  loadSummaries: () => new Promise(() => {}),
  searchAll: () => [],
} as unknown as Toolsets;
const services = { toolsets } as unknown as Services;

let root: Root | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom draws no dialogs: opened and closed as the browser's own would be.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('SearchDialog', () => {
  it('has the text typed before it came in its box when the box takes the focus, so the next key adds to it', () => {
    const container = document.body.appendChild(document.createElement('div'));
    // What the box holds the moment it takes the focus: a key typed then lands on that text.
    const atFocus: string[] = [];
    const focus = HTMLElement.prototype.focus;
    vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options) {
      if (this instanceof HTMLInputElement) atFocus.push(this.value);
      focus.call(this, options);
    });
    const takeTypedEarly = vi.fn(() => ({ text: 'read_f', enter: false }));
    root = createRoot(container);
    act(() =>
      root!.render(
        <ServicesContext value={services}>
          <SearchDialog open onClose={() => {}} takeTypedEarly={takeTypedEarly} />
        </ServicesContext>,
      ),
    );
    expect(takeTypedEarly).toHaveBeenCalledTimes(1);
    expect(atFocus).toEqual(['read_f']);
    const box = container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    expect(document.activeElement).toBe(box);
    expect([box.value, box.selectionStart]).toEqual(['read_f', 6]);
  });
});
