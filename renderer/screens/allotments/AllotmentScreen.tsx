// The Allotments screen: the calendar of each operator's allotment (two weeks at a time, Page Up / Page Down to
// move, printable) and the contracts behind it, typed in or changed here. What the desk refuses is said under the
// form; a saved change shows in the calendar at once, and in the inbox's checks at its next refresh.
import { useCallback, useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { ContractInput, ContractProblem } from '../../../shared/domain';
import type { AllotmentView, ContractRow, ContractsView } from '../../../shared/ipc';
import { addDays } from '../../../shared/calendar';
import { contractProblems } from '../../../shared/contract-problems';
import { ask } from '../../api';
import { DateField } from '../../components/DateField';
import { ErrorNote } from '../../components/ErrorNote';
import { WindowSteps, pageSteps } from '../../components/WindowSteps';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { AllotmentCalendar } from './AllotmentCalendar';
import { ContractForm } from './ContractForm';
import '../../styles/office-screen.css';
import './allotments.css';

/** Two weeks: what fits at 1366×768 at 125 % beside the operator column. */
const NIGHTS = 14;

interface Props {
  refreshToken: number;
  /** The hotel's date (the first night shown at first). */
  today: string;
}

export function AllotmentScreen({ refreshToken, today }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [from, setFrom] = useState(today);
  const [calendar, setCalendar] = useState<AllotmentView | null>(null);
  const [contracts, setContracts] = useState<ContractsView | null>(null);
  const [editing, setEditing] = useState<ContractRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [problems, setProblems] = useState<ContractProblem[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  useAskEffect(
    () => ask('getAllotment', { from, nights: NIGHTS }),
    [from, refreshToken, contracts],
    setCalendar,
    setError,
  );
  useAskEffect(() => ask('listContracts', {}), [refreshToken], setContracts, setError);

  const move = useCallback((days: number) => setFrom((f) => addDays(f, days)), []);

  const save = (input: ContractInput, id: number | null) => {
    // What the desk would refuse is said before sending: the same rule, the same words.
    const found = contractProblems(input, contracts?.contracts ?? [], id);
    setProblems(found);
    setSaid(null);
    if (found.length > 0) return;
    setBusy(true);
    setError(null);
    const request = { ...input, weekdayRooms: input.weekdayRooms ? [...input.weekdayRooms] : null };
    ask('saveContract', id === null ? request : { ...request, id })
      .then((result) => {
        setContracts(result.view);
        setProblems(result.problems);
        if (result.saved) {
          setEditing(null);
          setFormKey((k) => k + 1);
          setSaid(t('allotments.contracts.saved'));
        }
      }, setError)
      .finally(() => setBusy(false));
  };

  const remove = (c: ContractRow) => {
    setBusy(true);
    setError(null);
    setSaid(null);
    ask('removeContract', { id: c.id })
      .then((view) => {
        setContracts(view);
        if (editing?.id === c.id) setEditing(null);
        setSaid(t('allotments.contracts.removed'));
      }, setError)
      .finally(() => setBusy(false));
  };

  const label = (c: ContractRow) => ({
    operator: c.agencyName,
    roomType: c.roomType,
    from: formatDate(c.from, lng),
    to: formatDate(c.to, lng),
  });

  return (
    <section
      className="office-screen allotment-screen"
      data-testid="allotment-screen"
      onKeyDown={pageSteps((step) => move(step * NIGHTS))}
    >
      <div className="office-head allotment-head">
        <h1>{t('allotments.title')}</h1>
        <div className="office-window no-print">
          <WindowSteps
            words={{
              earlier: t('allotments.earlier'),
              earlierTitle: t('allotments.earlierLabel'),
              now: t('allotments.today'),
              later: t('allotments.later'),
              laterTitle: t('allotments.laterLabel'),
            }}
            onStep={(step) => move(step * NIGHTS)}
            onNow={() => setFrom(today)}
          />
          <DateField
            label={t('allotments.from')}
            value={from}
            onChange={(v) => v && setFrom(v)}
            name="allotment-from"
          />
          <button type="button" className="button small" onClick={() => window.print()}>
            {t('allotments.print')}
          </button>
        </div>
      </div>
      <p className="hint no-print">
        {t('allotments.intro')} {t('allotments.keys')}
      </p>
      {calendar && (
        <>
          <p className="print-only">
            {formatDate(calendar.nights[0] ?? from, lng)} –{' '}
            {formatDate(calendar.nights[calendar.nights.length - 1] ?? from, lng)}
          </p>
          <AllotmentCalendar view={calendar} />
          <p className="hint allotment-legend">{t('allotments.legend')}</p>
        </>
      )}

      <section className="contracts no-print" data-testid="contracts">
        <h2>{t('allotments.contracts.title')}</h2>
        {contracts && contracts.contracts.length === 0 && (
          <p className="muted">{t('allotments.contracts.none')}</p>
        )}
        {contracts && contracts.contracts.length > 0 && (
          <table className="contract-list">
            <thead>
              <tr>
                <th>{t('allotments.contracts.operator')}</th>
                <th>{t('allotments.contracts.roomType')}</th>
                <th>{t('allotments.contracts.period')}</th>
                <th>{t('allotments.contracts.rooms')}</th>
                <th>{t('allotments.contracts.kind')}</th>
                <th>{t('allotments.contracts.release')}</th>
                <th>{t('allotments.contracts.by')}</th>
                <th>
                  <span className="sr-only">{t('allotments.contracts.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {contracts.contracts.map((c) => (
                <tr key={c.id} data-id={c.id} className={editing?.id === c.id ? 'editing' : ''}>
                  <td>{c.agencyName}</td>
                  <td>{c.roomType}</td>
                  <td>
                    {formatDate(c.from, lng)} – {formatDate(c.to, lng)}
                    {c.note && <span className="muted"> · {c.note}</span>}
                  </td>
                  <td>{c.weekdayRooms ? c.weekdayRooms.join(' ') : c.rooms}</td>
                  <td>{t(`allotments.kind.${c.kind}`)}</td>
                  <td>{t('allotments.contracts.releaseDays', { count: c.releaseDays })}</td>
                  <td>{c.updatedBy}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button small"
                      disabled={busy}
                      aria-label={t('allotments.contracts.editLabel', label(c))}
                      onClick={() => {
                        setEditing(c);
                        setProblems([]);
                        setFormKey((k) => k + 1);
                      }}
                    >
                      {t('allotments.contracts.edit')}
                    </button>
                    <button
                      type="button"
                      className="button small"
                      disabled={busy}
                      aria-label={t('allotments.contracts.removeLabel', label(c))}
                      onClick={() => remove(c)}
                    >
                      {t('allotments.contracts.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {contracts &&
          (contracts.roomTypes.length === 0 ? (
            <p className="hint" role="note">
              {t('allotments.contracts.noRoomTypes')}
            </p>
          ) : (
            <ContractForm
              key={formKey}
              view={contracts}
              editing={editing}
              busy={busy}
              problems={problems}
              onSave={save}
              onCancel={() => {
                setEditing(null);
                setProblems([]);
                setFormKey((k) => k + 1);
              }}
            />
          ))}
        {said && (
          <p className="ok-note" role="status">
            {said}
          </p>
        )}
      </section>
      <ErrorNote error={error} />
    </section>
  );
}
