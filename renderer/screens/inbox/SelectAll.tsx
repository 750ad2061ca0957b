// The list's select-all box: ticks every row of the current filter that is loaded (all of them on a
// hotel's list; on a very long one, the rows read so far, and it says how many), or clears them all.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../../shared/ipc';

interface Props {
  loaded: readonly InboxRow[];
  total: number;
  selected: ReadonlyMap<string, InboxRow>;
  onChange: (next: ReadonlyMap<string, InboxRow>) => void;
}

export function SelectAll({ loaded, total, selected, onChange }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLInputElement>(null);
  const ticked = loaded.filter((r) => selected.has(r.keyField)).length;
  const all = loaded.length > 0 && ticked === loaded.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  if (loaded.length === 0) return null;
  const label =
    loaded.length < total
      ? t('inbox.selectLoaded', { count: loaded.length, total })
      : t('inbox.selectAll', { count: loaded.length });
  return (
    <label className="select-all" data-testid="select-all">
      <input
        ref={box}
        type="checkbox"
        checked={all}
        onChange={() => {
          const next = new Map(selected);
          for (const r of loaded) {
            if (all) next.delete(r.keyField);
            else next.set(r.keyField, r);
          }
          onChange(next);
        }}
      />
      {label}
    </label>
  );
}
