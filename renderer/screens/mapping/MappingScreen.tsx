// Per agency: the channel's rooms, room types, boards and nationalities beside the hotel's own PMS codes.
// Unmapped codes used by live reservations come first: those are the ones blocking today's work.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agency, StayCodeKind } from '../../../shared/domain';
import type { MappingRow, MappingView } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { MappingRowView } from './MappingRowView';

export interface MappingTarget {
  agencyId: string;
  kind: StayCodeKind;
  code: string;
}

const kinds: StayCodeKind[] = ['room', 'roomType', 'board', 'nationality'];

const rowKey = (r: MappingRow) => `${r.kind}:${r.channelCode}`;
const urgency = (r: MappingRow) => (r.hotelCode ? 2 : r.usedByLive > 0 ? 0 : 1);
const byUrgency = (a: MappingRow, b: MappingRow) =>
  urgency(a) - urgency(b) ||
  b.usedByLive - a.usedByLive ||
  kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
  a.channelCode.localeCompare(b.channelCode);

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
  const [view, setView] = useState<MappingView | null>(null);
  const [kind, setKind] = useState<StayCodeKind | 'all'>('all');
  const [onlyUnmapped, setOnlyUnmapped] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  // The order is fixed when the list loads, so a row does not jump away the moment it is mapped.
  const [rank, setRank] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    ask('listAgencies', {}).then(
      (list) => {
        setAgencies(list);
        setAgencyId((current) => current || list[0]?.id || '');
      },
      (e: unknown) => setError(e),
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

  useEffect(() => {
    if (!agencyId) return;
    let live = true;
    ask('getMapping', { agencyId }).then(
      (v) => {
        if (!live) return;
        setView(v);
        setRank(new Map([...v.rows].sort(byUrgency).map((r, i) => [rowKey(r), i])));
        setError(null);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [agencyId, refreshToken]);

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

  const save = async (row: MappingRow, hotelCode: string) => {
    try {
      setView(await ask('setMapping', { agencyId, kind: row.kind, channelCode: row.channelCode, hotelCode }));
      setError(null);
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };

  const focusedKey = target && target.agencyId === agencyId ? `${target.kind}:${target.code}` : null;
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
      <ErrorNote error={error} />
      {agencies?.length === 0 && <p className="empty">{t('mapping.noAgencies')}</p>}
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
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <MappingRowView
                  key={rowKey(row)}
                  row={row}
                  focused={focusedKey === rowKey(row)}
                  onSave={save}
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
