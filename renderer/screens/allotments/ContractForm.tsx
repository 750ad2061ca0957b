// One contract typed in or changed: operator, room type (the hotel's code), first and last night, rooms a night
// (per weekday where they differ), guaranteed or normal, release days, a note. What the desk refuses comes back as
// sentences under the form (nothing is saved then); the form keeps what was typed.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllotmentKind, ContractInput, ContractProblem } from '../../../shared/domain';
import type { ContractRow, ContractsView } from '../../../shared/ipc';
import { DateField } from '../../components/DateField';
import { currentLanguage } from '../../i18n';
import { formatWeekday } from '../../i18n/format';
import { contractProblemWords } from './contract-problem';

interface Props {
  view: ContractsView;
  /** The contract being changed, or null for a new one. */
  editing: ContractRow | null;
  busy: boolean;
  problems: readonly ContractProblem[];
  onSave: (input: ContractInput, id: number | null) => void;
  onCancel: () => void;
}

// A Monday, so the seven fields read Monday to Sunday in the UI language.
const MONDAY = '2024-01-01';
const weekdays = Array.from({ length: 7 }, (_, i) => `2024-01-0${i + 1}`);

export function ContractForm({ view, editing, busy, problems, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [agencyId, setAgencyId] = useState(editing?.agencyId ?? view.agencies[0]?.id ?? '');
  const [roomType, setRoomType] = useState(editing?.roomType ?? view.roomTypes[0] ?? '');
  const [from, setFrom] = useState(editing?.from ?? '');
  const [to, setTo] = useState(editing?.to ?? '');
  const [rooms, setRooms] = useState(String(editing?.rooms ?? ''));
  const [byWeekday, setByWeekday] = useState(editing?.weekdayRooms != null);
  const [weekdayRooms, setWeekdayRooms] = useState<string[]>(
    (editing?.weekdayRooms ?? Array.from({ length: 7 }, () => editing?.rooms ?? '')).map(String),
  );
  const [kind, setKind] = useState<AllotmentKind>(editing?.kind ?? 'normal');
  const [releaseDays, setReleaseDays] = useState(String(editing?.releaseDays ?? 7));
  const [note, setNote] = useState(editing?.note ?? '');

  const count = (text: string): number => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : Number.NaN);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(
      {
        agencyId,
        roomType,
        from,
        to,
        rooms: count(rooms),
        weekdayRooms: byWeekday ? weekdayRooms.map(count) : null,
        kind,
        releaseDays: count(releaseDays),
        note: note.trim(),
      },
      editing?.id ?? null,
    );
  };
  const said = problems.map((p) => contractProblemWords(t, lng, p));
  const numberField = (value: string, onChange: (v: string) => void, label: string, name: string) => (
    <label className="stacked">
      {label}
      <input
        name={name}
        inputMode="numeric"
        className="count"
        value={value}
        maxLength={3}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );

  return (
    <form
      className="contract-form"
      data-testid="contract-form"
      onSubmit={submit}
      onKeyDown={(e) => {
        // Enter in a date field keeps the typed date (DateField) and must not send a half-filled form.
        if (e.key === 'Enter' && e.target instanceof HTMLElement && e.target.classList.contains('date-text'))
          e.preventDefault();
      }}
    >
      <h3>{t(editing ? 'allotments.contracts.formTitleEdit' : 'allotments.contracts.formTitleNew')}</h3>
      <div className="contract-fields">
        <label className="stacked">
          {t('allotments.contracts.operator')}
          <select name="agencyId" value={agencyId} onChange={(e) => setAgencyId(e.target.value)}>
            {view.agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="stacked">
          {t('allotments.contracts.roomType')}
          <select name="roomType" value={roomType} onChange={(e) => setRoomType(e.target.value)}>
            {view.roomTypes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <DateField label={t('allotments.contracts.from')} value={from} onChange={setFrom} name="from" />
        <DateField label={t('allotments.contracts.to')} value={to} onChange={setTo} name="to" />
        {numberField(rooms, setRooms, t('allotments.contracts.rooms'), 'rooms')}
        <label className="stacked">
          {t('allotments.contracts.kind')}
          <select
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.target.value === 'guaranteed' ? 'guaranteed' : 'normal')}
          >
            <option value="normal">{t('allotments.kind.normal')}</option>
            <option value="guaranteed">{t('allotments.kind.guaranteed')}</option>
          </select>
        </label>
        {numberField(releaseDays, setReleaseDays, t('allotments.contracts.releaseDaysLabel'), 'releaseDays')}
        <label className="stacked grow">
          {t('allotments.contracts.noteLabel')}
          <input name="note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="byWeekday"
          checked={byWeekday}
          onChange={(e) => setByWeekday(e.target.checked)}
        />
        {t('allotments.contracts.byWeekday')}
      </label>
      {byWeekday && (
        <fieldset className="weekday-rooms">
          <legend className="sr-only">{t('allotments.contracts.rooms')}</legend>
          {weekdays.map((day, i) =>
            numberField(
              weekdayRooms[i] ?? '',
              (v) => setWeekdayRooms((all) => all.map((x, k) => (k === i ? v : x))),
              formatWeekday(day, lng) || formatWeekday(MONDAY, lng),
              `weekday-${i}`,
            ),
          )}
        </fieldset>
      )}
      {said.length > 0 && (
        <ul className="form-problems" role="alert" data-testid="contract-problems">
          {said.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {t(editing ? 'allotments.contracts.save' : 'allotments.contracts.add')}
        </button>
        {editing && (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {t('allotments.contracts.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
