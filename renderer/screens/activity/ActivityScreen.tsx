// Who did what and when at this desk: confirmations, declines, exports, mapping changes, setup and syncs.
import { useCallback, useEffect, useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';

const PAGE = 100;

export function ActivityScreen({
  refreshToken,
  onOpen,
}: {
  refreshToken: number;
  onOpen: (keyField: string) => void;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // A decline's detail is the reason's id: main names it (reasonName); the service's current list is the
  // fallback for an entry main could not name.
  const [reasons, setReasons] = useState<ReadonlyMap<string, string>>(new Map());
  useAskEffect(
    () => ask('listDeclineReasons', { language: lng }),
    [lng],
    (list) => setReasons(new Map(list.map((r) => [r.id, r.name]))),
  );
  const detailOf = (e: ActivityEntry) =>
    e.action === 'decline' ? (e.reasonName ?? reasons.get(e.detail) ?? e.detail) : e.detail;

  const load = useCallback((offset: number) => {
    ask('listActivity', { offset, limit: PAGE }).then(
      (page) => {
        setEntries((prev) => (offset === 0 ? page : [...prev, ...page]));
        setMore(page.length === PAGE);
        setError(null);
      },
      (e: unknown) => setError(e),
    );
  }, []);

  useEffect(() => load(0), [load, refreshToken]);

  return (
    <div className="activity-screen" data-testid="activity-screen">
      <h1>{t('activity.title')}</h1>
      <ErrorNote error={error} />
      {entries.length === 0 && !error && <p className="empty">{t('activity.empty')}</p>}
      {entries.length > 0 && (
        <div className="table-scroll">
          <table className="activity-table">
            <thead>
              <tr>
                <th>{t('activity.when')}</th>
                <th>{t('activity.who')}</th>
                <th>{t('activity.what')}</th>
                <th>{t('activity.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-action={e.action}>
                  <td className="nowrap">{formatInstant(e.at, lng)}</td>
                  <td>{e.user}</td>
                  <td>
                    <span className={`badge action-${e.action}`}>{t(`activity.action.${e.action}`)}</span>
                  </td>
                  <td>
                    {e.guest && (
                      <strong className="activity-guest" data-testid="activity-guest">
                        {e.guest}
                      </strong>
                    )}{' '}
                    <span data-testid="activity-detail">{detailOf(e)}</span>{' '}
                    {e.keyField && (
                      <button type="button" className="link" onClick={() => onOpen(e.keyField ?? '')}>
                        {t('activity.openReservation')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {more && (
            <button type="button" className="button" onClick={() => load(entries.length)}>
              {t('activity.more')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
