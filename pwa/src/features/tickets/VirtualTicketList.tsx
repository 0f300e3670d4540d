import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** Estimated card height before it is measured (px); cards measure themselves once rendered. */
const ESTIMATE_PX = 260;
/** Space between cards (px), as `.ticket-list`'s gap. */
const GAP_PX = 12;

/** `onEndReached` fires when one of the last this-many items is rendered. */
const END_MARGIN_ITEMS = 5;

/** Items rendered while the page's scroll element is not known yet (the first screenful or two). */
const FIRST_PAINT_ITEMS = 12;

/**
 * The scrolling element of the app's main IonContent (`#main-content`), which is what scrolls the
 * page (app/App.tsx): null until Ionic has upgraded the element; 'none' where there is no
 * IonContent at all (unit tests).
 */
export function useMainScrollElement(): HTMLElement | null | 'none' {
  const [el, setEl] = useState<HTMLElement | null | 'none'>(() => (document.getElementById('main-content') ? null : 'none'));
  useEffect(() => {
    const content = document.getElementById('main-content') as HTMLIonContentElement | null;
    if (!content) return;
    let active = true;
    void customElements.whenDefined('ion-content').then(() => content.getScrollElement().then((e) => active && setEl(e)));
    return () => {
      active = false;
    };
  }, []);
  return el;
}

/**
 * A virtualised list for the page's own scroll (10,000 cached tickets, no jank): only the
 * items in and near the viewport are in the DOM, positioned in a spacer as tall as the whole list;
 * each item is measured after rendering (cards differ in height). The list scrolls with the page
 * (the IonContent scroll element), so phones keep one natural scroll. Until Ionic hands out that
 * element only the first few items are rendered; without an IonContent (unit tests) all of them. `renderItem` gets the index; `itemKey` keeps measurements
 * attached to the right item when the list is filtered. `onEndReached` (the server list's
 * next keyset page) is called when the last few items are rendered.
 */
export function VirtualTicketList(props: {
  count: number;
  itemKey(index: number): string;
  renderItem(index: number): ReactNode;
  label: string;
  labelledBy?: string;
  id?: string;
  /** Called when the last items come into view (load the next page); not called while absent. */
  onEndReached?: () => void;
}) {
  const { count, itemKey, renderItem, label, labelledBy, id, onEndReached } = props;
  const found = useMainScrollElement();
  const scrollEl = found === 'none' ? null : found;
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);

  // Distance from the top of the scrolled content to the list (the header, tabs and filters above it).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !scrollEl) return;
    const measure = () => {
      const m = Math.round(list.getBoundingClientRect().top - scrollEl.getBoundingClientRect().top + scrollEl.scrollTop);
      setMargin((old) => (old === m ? old : m));
    };
    measure();
    const ro = new ResizeObserver(measure);
    if (list.parentElement) ro.observe(list.parentElement);
    return () => ro.disconnect();
  });

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollEl,
    estimateSize: () => ESTIMATE_PX,
    overscan: 4,
    gap: GAP_PX,
    scrollMargin: margin,
    getItemKey: itemKey,
    enabled: scrollEl !== null,
  });

  const items = scrollEl ? virtualizer.getVirtualItems() : [];
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && count > 0 && lastShown >= count - END_MARGIN_ITEMS) onEndReached();
  }, [onEndReached, lastShown, count]);

  if (!scrollEl) {
    // Before Ionic hands out its scroll element: the first cards only (never 10,000 at once);
    // without an IonContent at all (unit tests): every card.
    const shown = found === 'none' ? count : Math.min(count, FIRST_PAINT_ITEMS);
    return (
      <div id={id} ref={listRef} role="list" aria-label={label} aria-labelledby={labelledBy} className="ticket-list">
        {Array.from({ length: shown }, (_, i) => (
          <div key={itemKey(i)} role="listitem">
            {renderItem(i)}
          </div>
        ))}
      </div>
    );
  }

  return (
    <div
      id={id}
      ref={listRef}
      role="list"
      aria-label={label}
      aria-labelledby={labelledBy}
      className="ticket-list-virtual"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {items.map((item) => (
        <div
          key={item.key}
          ref={virtualizer.measureElement}
          data-index={item.index}
          role="listitem"
          aria-setsize={count}
          aria-posinset={item.index + 1}
          className="ticket-list-item"
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - margin}px)` }}
        >
          {renderItem(item.index)}
        </div>
      ))}
    </div>
  );
}
