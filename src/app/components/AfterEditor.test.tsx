// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPage, PageContext } from '../lib/page';
import { AfterEditor } from './AfterEditor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mount(page: ReturnType<typeof createPage>): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() =>
    createRoot(container).render(
      <PageContext value={page}>
        <AfterEditor placeholder={<p>room kept</p>}>
          <p>the part</p>
        </AfterEditor>
      </PageContext>,
    ),
  );
  return container;
}

describe('AfterEditor', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('keeps the room while the editor the page expects is not drawn, and draws the part in the first idle moment after', () => {
    vi.useFakeTimers();
    const page = createPage();
    page.editor.expect(() => undefined);
    const container = mount(page);
    act(() => vi.advanceTimersByTime(5_000));
    expect(container.textContent).toBe('room kept');
    act(() => page.editor.settled());
    expect(container.textContent).toBe('room kept');
    act(() => vi.runOnlyPendingTimers());
    expect(container.textContent).toBe('the part');
  });

  it('draws the part in the first idle moment on a page that expects no editor', () => {
    vi.useFakeTimers();
    const container = mount(createPage());
    expect(container.textContent).toBe('room kept');
    act(() => vi.runOnlyPendingTimers());
    expect(container.textContent).toBe('the part');
  });
});
