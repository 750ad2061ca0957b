// The hotel's own inputs to the pre-confirm checks: its stop-sale dates (in its own room type codes, so one
// entry covers every agency) and the family-policy switch. Each change is saved at once and the inbox's
// markers follow at its next refresh.
import { useState, type FormEvent } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { StopSaleCodeKind } from '../../../shared/domain';
import type { CheckSettingsView, StopSaleView } from '../../../shared/ipc';
import { ask } from '../../api';
import { DateField } from '../../components/DateField';
import { ErrorNote } from '../../components/ErrorNote';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { StopSaleNotices } from './StopSaleNotices';

export function ChecksCard() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [view, setView] = useState<StopSaleView | null>(null);
  const [settings, setSettings] = useState<CheckSettingsView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [codeKind, setCodeKind] = useState<StopSaleCodeKind>('roomType');
  const [hotelCode, setHotelCode] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');

  useAskEffect(
    () => Promise.all([ask('listStopSales', {}), ask('getCheckSettings', {})]),
    [],
    ([v, s]) => {
      setView(v);
      setSettings(s);
    },
    setError,
  );

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    setSaid(null);
    try {
      await work();
      setSaid(done);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const codes = view?.hotelCodes[codeKind] ?? [];
  const chosen = codes.includes(hotelCode) ? hotelCode : (codes[0] ?? '');
  const toBeforeFrom = from !== '' && to !== '' && to < from;

  const add = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setView(
        await ask('addStopSale', {
          codeKind,
          hotelCode: chosen,
          from,
          to: to || from,
          note: note.trim() || undefined,
        }),
      );
      setFrom('');
      setTo('');
      setNote('');
    }, t('checks.stopSale.added'));
  };

  return (
    <section className="card checks-settings" data-testid="checks-settings">
      <h2>{t('checks.menOnly.title')}</h2>
      {settings && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              name="menOnly"
              checked={settings.menOnly}
              disabled={busy}
              onChange={(e) => {
                const menOnly = e.target.checked;
                void run(
                  async () => setSettings(await ask('saveCheckSettings', { menOnly })),
                  t('checks.menOnly.saved'),
                );
              }}
            />
            {t('checks.menOnly.label')}
          </label>
          <p className="hint">{t('checks.menOnly.hint')}</p>
        </>
      )}

      <h2>{t('checks.stopSale.title')}</h2>
      <p className="hint">{t('checks.stopSale.intro')}</p>
      {view && (
        <div className="stop-sales" data-testid="stop-sales">
          {view.stopSales.length === 0 ? (
            <p className="muted">{t('checks.stopSale.none')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>{t('checks.stopSale.code')}</th>
                  <th>{t('checks.stopSale.dates')}</th>
                  <th>{t('checks.stopSale.by')}</th>
                  <th>
                    <span className="sr-only">{t('checks.stopSale.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.stopSales.map((s) => {
                  const dates = {
                    hotelCode: s.hotelCode,
                    from: formatDate(s.from, lng),
                    to: formatDate(s.to, lng),
                  };
                  return (
                    <tr key={s.id} data-id={s.id}>
                      <td>
                        {s.hotelCode} <span className="muted">({t(`mapping.kind.${s.codeKind}`)})</span>
                      </td>
                      <td>
                        {dates.from} – {dates.to}
                        {s.note && <span className="muted"> · {s.note}</span>}
                        <StopSaleNotices
                          stopSaleId={s.id}
                          operators={view.notices.find((n) => n.stopSaleId === s.id)?.operators ?? []}
                          busy={busy}
                          run={(work, done) => void run(async () => setView(await work()), done)}
                        />
                      </td>
                      <td>{s.createdBy}</td>
                      <td>
                        <button
                          type="button"
                          className="button small"
                          disabled={busy}
                          aria-label={t('checks.stopSale.removeLabel', dates)}
                          onClick={() =>
                            void run(
                              async () => setView(await ask('removeStopSale', { id: s.id })),
                              t('checks.stopSale.removed'),
                            )
                          }
                        >
                          {t('checks.stopSale.remove')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {view.hotelCodes.roomType.length + view.hotelCodes.room.length === 0 ? (
            <p className="hint" role="note">
              {t('checks.stopSale.noCodes')}
            </p>
          ) : (
            <form
              className="stop-sale-form"
              onSubmit={add}
              onKeyDown={(e) => {
                // Enter in a date field keeps the typed date (DateField) and must not send a half-filled form.
                if (
                  e.key === 'Enter' &&
                  e.target instanceof HTMLElement &&
                  e.target.classList.contains('date-text')
                )
                  e.preventDefault();
              }}
            >
              <label className="stacked">
                {t('checks.stopSale.codeKind')}
                <select
                  name="codeKind"
                  value={codeKind}
                  onChange={(e) => setCodeKind(e.target.value === 'room' ? 'room' : 'roomType')}
                >
                  <option value="roomType">{t('mapping.kind.roomType')}</option>
                  <option value="room">{t('mapping.kind.room')}</option>
                </select>
              </label>
              <label className="stacked">
                {t('checks.stopSale.hotelCode')}
                <select name="hotelCode" value={chosen} onChange={(e) => setHotelCode(e.target.value)}>
                  {codes.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <DateField
                label={t('checks.stopSale.from')}
                value={from}
                onChange={setFrom}
                name="from"
                testId="stop-from"
              />
              <DateField
                label={t('checks.stopSale.to')}
                value={to}
                onChange={setTo}
                name="to"
                testId="stop-to"
              />
              <label className="stacked">
                {t('checks.stopSale.note')}
                <input name="note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
              </label>
              <button
                type="submit"
                className="button primary small"
                disabled={busy || chosen === '' || from === '' || toBeforeFrom}
              >
                {t('checks.stopSale.add')}
              </button>
              {toBeforeFrom && (
                <p className="hint" role="alert">
                  {t('checks.stopSale.toBeforeFrom')}
                </p>
              )}
            </form>
          )}
        </div>
      )}
      <ErrorNote error={error} />
      {said && (
        <p className="ok-note" role="status">
          {said}
        </p>
      )}
    </section>
  );
}
