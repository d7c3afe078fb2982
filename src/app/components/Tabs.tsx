import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { scrollBehavior } from '../lib/motion';

export interface TabItem {
  id: string;
  label: string;
  /** A longer name, shown as the tab's tooltip when the label is a short form of it. */
  title?: string;
  content: ReactNode;
}

/** Room kept beside a tab scrolled into view, so it does not sit under the faded edge. */
const EDGE_ROOM = 40;

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs. The tabs stay on one row; where they do not
 * fit (a phone) the row scrolls sideways, with a faded edge on the side where more tabs are.
 */
export function Tabs({ items, label }: { items: TabItem[]; label: string }) {
  const [selected, setSelected] = useState(items[0]?.id ?? '');
  const [more, setMore] = useState({ before: false, after: false });
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Map<string, HTMLButtonElement>>(new Map());
  const current = items.find((item) => item.id === selected) ?? items[0];

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setMore((previous) => (previous.before === before && previous.after === after ? previous : { before, after }));
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  /** Scrolls the row (never the page) so the tab is in full view, clear of the faded edges. */
  const reveal = (id: string) => {
    const list = listRef.current;
    const tab = tabRefs.current.get(id);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const start = tab.offsetLeft - EDGE_ROOM;
    const end = tab.offsetLeft + tab.offsetWidth + EDGE_ROOM;
    let left: number | null = null;
    if (start < list.scrollLeft) left = Math.max(0, start);
    else if (end > list.scrollLeft + list.clientWidth) left = end - list.clientWidth;
    if (left !== null) list.scrollTo({ left, behavior: scrollBehavior() });
  };

  const select = (id: string) => {
    setSelected(id);
    reveal(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === current?.id);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    select(target.id);
    tabRefs.current.get(target.id)?.focus({ preventScroll: true });
  };

  if (!current) return null;
  return (
    <div className="tabs">
      <div className="tab-bar">
        <div
          ref={listRef}
          className="tab-list"
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          data-more-before={more.before || undefined}
          data-more-after={more.after || undefined}
        >
          {items.map((item) => (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={item.id === current.id}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={item.id === current.id ? 0 : -1}
              title={item.title}
              className="tab"
              onClick={() => select(item.id)}
              onFocus={() => reveal(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${baseId}-panel-${current.id}`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
      >
        {current.content}
      </div>
    </div>
  );
}
