// Per agency: the channel's rooms, room types, boards and nationalities beside the hotel's own PMS codes,
// picked from the hotel's list. Unmapped codes used by live reservations come first: those are the ones
// blocking today's work. Opened from a reservation's "not mapped" link, it lands on that code: the agency
// chosen, every filter cleared, the row scrolled to and its picker focused.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agency, HotelCode, MappingRow, StayCodeKind } from '../../../shared/domain';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { CopyFromAgency } from './CopyFromAgency';
import { MappingRowView } from './MappingRowView';
import { isSaved, marksAfterSave, noMarks, type SavedMarks } from './saved-marks';
import { byUrgency, rowKey, useMappingView } from './useMappingView';

export interface MappingTarget {
  agencyId: string;
  kind: StayCodeKind;
  code: string;
}

const kinds: StayCodeKind[] = ['room', 'roomType', 'board', 'nationality'];

/** Scrolls the table so the row is in its middle, and focuses the row's picker. */
function land(row: Element): void {
  const box = row.closest('.table-scroll');
  if (box) {
    const r = row.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    box.scrollTop += r.top - b.top - (box.clientHeight - r.height) / 2;
  }
  row.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus({ preventScroll: true });
}

export function MappingScreen({
  target,
  refreshToken,
}: {
  target: MappingTarget | null;
  refreshToken: number;
}) {
  const { t } = useTranslation();
  const [agencies, setAgencies] = useState<Agency[] | null>(null);
  const [agencyId, setAgencyId] = useState(target?.agencyId ?? '');
  const [kind, setKind] = useState<StayCodeKind | 'all'>('all');
  const [onlyUnmapped, setOnlyUnmapped] = useState(false);
  const [text, setText] = useState('');
  const [listError, setListError] = useState<unknown>(null);
  const [marks, setMarks] = useState<SavedMarks>(noMarks);
  const aimed = target && target.agencyId === agencyId ? target : null;
  const { view, rank, error, accept, acceptHotelCodes } = useMappingView(agencyId, aimed, refreshToken);
  const body = useRef<HTMLTableSectionElement>(null);
  const landed = useRef<MappingTarget | null>(null);

  useEffect(() => {
    ask('listAgencies', {}).then(
      (list) => {
        setAgencies(list);
        setAgencyId((current) => current || list[0]?.id || '');
      },
      (e: unknown) => setListError(e),
    );
  }, []);

  useEffect(() => {
    if (target) {
      setAgencyId(target.agencyId);
      setKind('all');
      setOnlyUnmapped(false);
      setText('');
    }
  }, [target]);

  const rows = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase();
    return (view?.rows ?? [])
      .filter((r) => kind === 'all' || r.kind === kind)
      .filter((r) => !onlyUnmapped || !r.hotelCode)
      .filter(
        (r) =>
          !needle ||
          r.channelCode.toLocaleLowerCase().includes(needle) ||
          r.channelName.toLocaleLowerCase().includes(needle),
      )
      .sort(
        (a, b) => (rank.get(rowKey(a)) ?? Infinity) - (rank.get(rowKey(b)) ?? Infinity) || byUrgency(a, b),
      );
  }, [view, kind, onlyUnmapped, text, rank]);

  const codesOfKind = useMemo(() => {
    const byKind = new Map<StayCodeKind, HotelCode[]>(kinds.map((k) => [k, []]));
    for (const code of view?.hotelCodes ?? []) byKind.get(code.kind)?.push(code);
    return byKind;
  }, [view]);

  // Lands once per "Map" pressed, as soon as that agency's rows are on screen.
  const aimedKey = aimed ? rowKey({ kind: aimed.kind, channelCode: aimed.code }) : null;
  useEffect(() => {
    if (!aimed || !view || landed.current === aimed) return;
    const row = body.current?.querySelector(`tr[data-code="${CSS.escape(aimedKey ?? '')}"]`);
    if (!row) return;
    landed.current = aimed;
    land(row);
  }, [aimed, aimedKey, view, rows]);

  const save = async (forAgency: string, row: MappingRow, hotelCode: string, forAllAgencies: boolean) => {
    const saved = await ask('setMapping', {
      agencyId: forAgency,
      kind: row.kind,
      channelCode: row.channelCode,
      hotelCode,
      forAllAgencies,
    });
    accept(saved);
    setMarks((m) => marksAfterSave(m, saved, [row]));
  };
  const addCode = async (codeKind: StayCodeKind, code: string, name: string) => {
    acceptHotelCodes(await ask('addHotelCode', { kind: codeKind, code, name }));
  };
  const copyFrom = async (forAgency: string, fromAgencyId: string) => {
    const result = await ask('copyMappings', { agencyId: forAgency, fromAgencyId });
    accept(result.view);
    setMarks((m) => marksAfterSave(m, result.view, result.copied));
    return result.copied;
  };

  return (
    <div className="mapping-screen" data-testid="mapping-screen">
      <div className="mapping-head">
        <h1>{t('mapping.title')}</h1>
        <p className="hint">{t('mapping.intro')}</p>
      </div>
      <div className="filter-row">
        <select aria-label={t('inbox.agency')} value={agencyId} onChange={(e) => setAgencyId(e.target.value)}>
          {(agencies ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
        <div className="segmented" role="group" aria-label={t('mapping.kindLabel')}>
          {(['all', ...kinds] as const).map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
              {t(`mapping.kinds.${k}`)}
            </button>
          ))}
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={onlyUnmapped} onChange={(e) => setOnlyUnmapped(e.target.checked)} />
          {t('mapping.onlyUnmapped')}
        </label>
        <input
          type="search"
          placeholder={t('mapping.searchPlaceholder')}
          aria-label={t('mapping.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <span className="spacer" />
        {view && (
          <strong
            className={`coverage ${view.unmapped > 0 ? 'has-unmapped' : 'complete'}`}
            data-testid="coverage"
          >
            {view.unmapped > 0
              ? t('mapping.coverage', { unmapped: view.unmapped, total: view.total })
              : t('mapping.complete', { total: view.total })}
          </strong>
        )}
      </div>
      {view && agencies && (
        <CopyFromAgency
          key={view.agencyId}
          agencyId={view.agencyId}
          agencies={agencies}
          onCopy={(from) => copyFrom(view.agencyId, from)}
        />
      )}
      <ErrorNote error={listError ?? error} />
      {agencies?.length === 0 && <p className="empty">{t('mapping.noAgencies')}</p>}
      {agencyId !== '' && !view && error === null && <p className="empty">{t('common.loading')}</p>}
      {view && (
        <div className="table-scroll">
          <table className="mapping-table">
            <thead>
              <tr>
                <th>{t('mapping.kindLabel')}</th>
                <th>{t('mapping.channelCode')}</th>
                <th>{t('mapping.channelName')}</th>
                <th className="num">{t('mapping.usedByLive')}</th>
                <th>{t('mapping.hotelCode')}</th>
                <th className="for-all-cell">{t('mapping.forAllAgencies')}</th>
              </tr>
            </thead>
            <tbody ref={body}>
              {rows.map((row) => (
                <MappingRowView
                  key={`${view.agencyId}\u0000${rowKey(row)}`}
                  agencyId={view.agencyId}
                  row={row}
                  hotelCodes={codesOfKind.get(row.kind) ?? []}
                  saved={isSaved(marks, view, row)}
                  highlighted={aimedKey === rowKey(row)}
                  onSave={(r, hotelCode, forAll) => save(view.agencyId, r, hotelCode, forAll)}
                  onAddCode={addCode}
                />
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="empty">{t('mapping.nothing')}</p>}
        </div>
      )}
    </div>
  );
}
