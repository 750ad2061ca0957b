// The virtualized inbox: only the rows on screen (plus a few) exist in the page, whatever the total.
// Keyboard: arrows move, Enter opens, C confirm, D decline, Space selects, / goes to the search; with rows
// ticked, Tab goes to the bulk bar (above the list, so plain Tab order would pass it by).
// The cursor is a reservation, not a row position: when arrivals shift the list, it stays on the guest it
// was on (found again by keyField), so C always opens the form of the reservation that is highlighted.
// For assistive technology the list is a grid of rows; the cursor row is aria-selected and the grid's
// active descendant, and the cursor row's tick box is the one Tab reaches.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../../shared/ipc';
import { InboxRowView } from './InboxRowView';
import { inboxRowId } from './row-id';
import type { InboxPages } from './useInboxPages';

export const ROW_HEIGHT = 58;

export type OpenIntent = 'view' | 'confirm' | 'decline';

/**
 * Where the keyboard cursor is: the reservation, and the row index it was last seen at. `chosen`: the
 * receptionist put it there (arrows, a click); until then it rides on the top row, so arrivals during the
 * first sync do not scroll a fresh inbox away from its top.
 */
export interface InboxCursor {
  keyField: string | null;
  index: number;
  chosen: boolean;
}

interface Props {
  pages: InboxPages;
  cursor: InboxCursor;
  setCursor: (cursor: InboxCursor) => void;
  openKey: string | null;
  selected: ReadonlyMap<string, InboxRow>;
  fresh: ReadonlySet<string>;
  onToggle: (row: InboxRow) => void;
  onOpen: (keyField: string, intent: OpenIntent) => void;
  /** Rows are ticked: Tab from the list goes to the bulk bar's first button. */
  hasSelection: boolean;
}

export function InboxList(props: Props) {
  const { pages, cursor, setCursor, openKey, selected, fresh, onToggle, onOpen, hasSelection } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const total = pages.total ?? 0;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  const { ensure } = pages;

  useEffect(() => {
    if (last >= first) ensure(first, last);
  }, [first, last, ensure, pages.version]);

  // Where the cursor's reservation is now; where it was last seen while its page is not loaded.
  const found = cursor.keyField === null ? -1 : pages.indexOf(cursor.keyField);
  const cursorIndex = found >= 0 ? found : Math.max(0, Math.min(total - 1, cursor.index));
  const rowAtCursor = pages.rowAt(cursorIndex);
  const cursorRow =
    rowAtCursor?.keyField === cursor.keyField || cursor.keyField === null ? rowAtCursor : undefined;

  // The list shifted (or the cursor was never set): follow the reservation and keep it in view.
  useEffect(() => {
    if (total === 0) return;
    if (cursor.keyField === null) {
      const row = pages.rowAt(cursor.index);
      if (row) setCursor({ keyField: row.keyField, index: cursor.index, chosen: cursor.chosen });
      return;
    }
    if (!cursor.chosen && found !== 0) {
      const top = pages.rowAt(0);
      if (top) setCursor({ keyField: top.keyField, index: 0, chosen: false });
      return;
    }
    if (found < 0) {
      // Gone from the list (answered under a "waiting" filter, say): the cursor takes the row now in its place.
      const row = pages.settled(first, last) ? pages.rowAt(cursor.index) : undefined;
      if (row) setCursor({ keyField: row.keyField, index: cursor.index, chosen: cursor.chosen });
      return;
    }
    if (found !== cursor.index) {
      setCursor({ keyField: cursor.keyField, index: found, chosen: cursor.chosen });
      virtualizer.scrollToIndex(found, { align: 'auto' });
    }
  }, [found, cursor, total, pages, setCursor, virtualizer, first, last]);

  const move = (to: number) => {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, to));
    setCursor({ keyField: pages.rowAt(next)?.keyField ?? null, index: next, chosen: true });
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const open = (intent: OpenIntent) => {
    const keyField = cursorRow?.keyField ?? cursor.keyField;
    if (!keyField) return;
    // A cancellation is never declined: D only opens it; C opens it on "Take in the cancellation".
    onOpen(keyField, cursorRow?.changeKind === 'cancelled' && intent === 'decline' ? 'view' : intent);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Tab' && !e.shiftKey && hasSelection && e.target === e.currentTarget) {
      const bulk = document.querySelector<HTMLElement>('[data-testid="bulk-bar"] button:not(:disabled)');
      if (bulk) {
        e.preventDefault();
        bulk.focus();
      }
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const actions: Record<string, () => void> = {
      ArrowDown: () => move(cursorIndex + 1),
      ArrowUp: () => move(cursorIndex - 1),
      PageDown: () => move(cursorIndex + page),
      PageUp: () => move(cursorIndex - page),
      Home: () => move(0),
      End: () => move(total - 1),
      Enter: () => open('view'),
      c: () => open('confirm'),
      d: () => open('decline'),
      ' ': () => cursorRow && onToggle(cursorRow),
    };
    const action = actions[key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  return (
    <div
      ref={scroller}
      className="inbox-scroll"
      role="grid"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={t('inbox.listLabel')}
      aria-rowcount={total}
      aria-activedescendant={items.some((i) => i.index === cursorIndex) ? inboxRowId(cursorIndex) : undefined}
      id="inbox-list"
      data-testid="inbox-list"
      data-cursor-key={cursor.keyField ?? ''}
    >
      <div className="inbox-canvas" role="presentation" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = pages.rowAt(item.index);
          const isCursor =
            item.index === cursorIndex && (row === undefined || row.keyField === cursorRow?.keyField);
          return (
            <div
              key={item.key}
              className="inbox-row"
              data-index={item.index}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
            >
              {row ? (
                <InboxRowView
                  row={row}
                  index={item.index}
                  isCursor={isCursor}
                  isOpen={row.keyField === openKey}
                  isSelected={selected.has(row.keyField)}
                  isFresh={fresh.has(row.keyField)}
                  onToggle={onToggle}
                  onOpen={(r) => {
                    setCursor({ keyField: r.keyField, index: item.index, chosen: true });
                    onOpen(r.keyField, 'view');
                  }}
                />
              ) : (
                <div
                  className="row-body placeholder"
                  id={inboxRowId(item.index)}
                  role="row"
                  aria-rowindex={item.index + 1}
                  aria-selected={isCursor}
                >
                  <div role="gridcell">{t('common.loading')}</div>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
