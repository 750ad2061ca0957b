// The virtualized inbox: only the rows on screen (plus a few) exist in the page, whatever the total.
// Keyboard: arrows move, Enter opens, C confirm, D decline, Space selects.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../../shared/ipc';
import { InboxRowView } from './InboxRowView';
import type { InboxPages } from './useInboxPages';

export const ROW_HEIGHT = 58;

export type OpenIntent = 'view' | 'confirm' | 'decline';

interface Props {
  pages: InboxPages;
  cursor: number;
  setCursor: (index: number) => void;
  openKey: string | null;
  selected: ReadonlyMap<string, InboxRow>;
  fresh: ReadonlySet<string>;
  onToggle: (row: InboxRow) => void;
  onOpen: (row: InboxRow, intent: OpenIntent) => void;
}

export function InboxList({ pages, cursor, setCursor, openKey, selected, fresh, onToggle, onOpen }: Props) {
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

  const move = (to: number) => {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, to));
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const row = pages.rowAt(cursor);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const actions: Record<string, () => void> = {
      ArrowDown: () => move(cursor + 1),
      ArrowUp: () => move(cursor - 1),
      PageDown: () => move(cursor + page),
      PageUp: () => move(cursor - page),
      Home: () => move(0),
      End: () => move(total - 1),
      Enter: () => row && onOpen(row, 'view'),
      c: () => row && onOpen(row, 'confirm'),
      d: () => row && onOpen(row, 'decline'),
      ' ': () => row && onToggle(row),
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
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={t('inbox.listLabel')}
      data-testid="inbox-list"
    >
      <div className="inbox-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = pages.rowAt(item.index);
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
                  isCursor={item.index === cursor}
                  isOpen={row.keyField === openKey}
                  isSelected={selected.has(row.keyField)}
                  isFresh={fresh.has(row.keyField)}
                  onToggle={onToggle}
                  onOpen={(index, r) => {
                    setCursor(index);
                    onOpen(r, 'view');
                  }}
                />
              ) : (
                <div className="row-body placeholder">{t('common.loading')}</div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
