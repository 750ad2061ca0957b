// "To enter in PMS": every confirmed reservation the hotel's PMS does not hold as it stands (new, changed
// since it was typed in, or cancelled or declined since), oldest check-in first, to tick off once typed in;
// and the CSV export beside it. What still waits for the hotel's answer is only counted.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agency, StayCodeKind } from '../../../shared/domain';
import type { ToEnterCounts, ToEnterRow } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { toggleSelected } from '../../components/selection';
import { ExportPanel } from './ExportPanel';
import type { ExportFilter } from './export-form';
import { MarkBar } from './MarkBar';
import { PmsStateBadge, ToEnterRowView } from './ToEnterRowView';
import { useToEnter } from './useToEnter';
import './pms-entry.css';

interface Props {
  refreshToken: number;
  onOpenMapping: (agencyId: string, kind: StayCodeKind, code: string) => void;
  /** Keeps the tab's count in step with what this screen just loaded or marked. */
  onCounts: (counts: ToEnterCounts) => void;
  /** The inbox's current filter: the export's "inbox filter" scope starts from it. */
  inboxFilter: ExportFilter;
}

export function PmsEntryScreen({ refreshToken, onOpenMapping, onCounts, inboxFilter }: Props) {
  const { t } = useTranslation();
  const list = useToEnter(refreshToken, onCounts);
  const [selected, setSelected] = useState<ReadonlyMap<string, ToEnterRow>>(new Map());
  const [agencies, setAgencies] = useState<Agency[]>([]);
  const { rows, counts, total, reload } = list;
  // Marking changes what an export would hold, so the export preview is asked again.
  const [marks, setMarks] = useState(0);
  const marked = useCallback(() => {
    reload();
    setMarks((n) => n + 1);
  }, [reload]);

  useEffect(() => {
    ask('listAgencies', {}).then(setAgencies, () => setAgencies([]));
  }, [refreshToken]);

  // A ticked row that was marked elsewhere, or changed again, is unticked: it must be looked at anew.
  useEffect(() => {
    setSelected((prev) => {
      if (prev.size === 0) return prev;
      const current = new Map(rows.map((r) => [r.keyField, r]));
      const kept = [...prev.values()].filter((r) => current.get(r.keyField)?.logId === r.logId);
      return kept.length === prev.size ? prev : new Map(kept.map((r) => [r.keyField, r]));
    });
  }, [rows]);

  const toggle = useCallback((row: ToEnterRow) => setSelected((prev) => toggleSelected(prev, row)), []);
  const allShown = rows.length > 0 && rows.every((r) => selected.has(r.keyField));
  const toggleAll = () => setSelected(allShown ? new Map() : new Map(rows.map((r) => [r.keyField, r])));

  return (
    <div className="pms-screen" data-testid="pms-entry-screen">
      <section className="pms-list-column" aria-labelledby="pms-title">
        <div className="pms-head">
          <h1 id="pms-title">{t('pms.title')}</h1>
          <p className="hint">{t('pms.intro')}</p>
          {counts && (
            <div className="pms-counts" data-testid="pms-counts">
              {counts.total === 0 ? (
                <span className="ok-note inline">{t('pms.allDone')}</span>
              ) : (
                <>
                  <PmsStateBadge state="to-enter" />
                  <strong data-count="to-enter">{counts.toEnter}</strong>
                  <PmsStateBadge state="needs-update" />
                  <strong data-count="needs-update">{counts.needsUpdate}</strong>
                  <PmsStateBadge state="to-cancel" />
                  <strong data-count="to-cancel">{counts.toCancel}</strong>
                </>
              )}
              {/* Not work yet, so not in the list or the badge; said so nobody looks for them here. */}
              {counts.waiting > 0 && (
                <span className="hint pms-waiting" data-testid="pms-waiting">
                  {t('pms.waiting', { count: counts.waiting })}
                </span>
              )}
            </div>
          )}
        </div>
        <div className="list-head">
          <label className="checkbox">
            <input type="checkbox" checked={allShown} disabled={rows.length === 0} onChange={toggleAll} />
            {t('pms.selectShown')}
          </label>
          <span className="spacer" />
          <span data-testid="pms-total">
            {total === null ? t('common.loading') : t('pms.shown', { shown: rows.length, count: total })}
          </span>
        </div>
        <MarkBar selected={selected} onClear={() => setSelected(new Map())} onMarked={marked} />
        <ErrorNote error={list.error} />
        <div className="pms-scroll">
          {total === 0 && <p className="empty">{t('pms.empty')}</p>}
          <ul className="pms-rows" data-testid="pms-rows">
            {rows.map((row) => (
              <ToEnterRowView
                key={row.keyField}
                row={row}
                selected={selected.has(row.keyField)}
                onToggle={toggle}
              />
            ))}
          </ul>
          {total !== null && rows.length < total && (
            <button
              type="button"
              className="button small pms-more"
              disabled={list.loading}
              onClick={list.showMore}
            >
              {t('pms.showMore')}
            </button>
          )}
        </div>
      </section>
      <ExportPanel
        agencies={agencies}
        dataVersion={`${refreshToken}:${marks}`}
        onOpenMapping={onOpenMapping}
        onMarked={marked}
        inboxFilter={inboxFilter}
      />
    </div>
  );
}
