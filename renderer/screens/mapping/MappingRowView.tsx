// One channel code of one agency beside the hotel's code, picked from the hotel's list, and whether that
// mapping is for all agencies. Saved at once when a code is picked. What the row says comes from the
// store's view (mapped, for all agencies, "Saved ✓" through `saved`); only what is under way is its own.
// The screen keys each row by agency, kind and code, so nothing here ever carries over to another agency.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HotelCode, MappingRow, StayCodeKind } from '../../../shared/domain';
import { ErrorNote } from '../../components/ErrorNote';
import { AddHotelCode } from './AddHotelCode';
import { HotelCodePicker } from './HotelCodePicker';

interface Props {
  agencyId: string;
  row: MappingRow;
  /** The hotel's codes of this row's kind. */
  hotelCodes: readonly HotelCode[];
  /** The store still says what it said right after this row was saved here. */
  saved: boolean;
  highlighted: boolean;
  /** Resolves once the store has it; throws the desk's refusal. */
  onSave: (row: MappingRow, hotelCode: string, forAllAgencies: boolean) => Promise<void>;
  onAddCode: (kind: StayCodeKind, code: string, name: string) => Promise<void>;
}

export function MappingRowView({ agencyId, row, hotelCodes, saved, highlighted, onSave, onAddCode }: Props) {
  const { t } = useTranslation();
  // Ticked on an unmapped row: the next code picked is for all agencies. Otherwise the store says.
  const [forAllDraft, setForAllDraft] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [unlisted, setUnlisted] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const forAll = forAllDraft ?? row.mappedFor === 'allAgencies';
  const line = useRef<HTMLTableRowElement>(null);
  // Back in the picker once the add form closes, so the keyboard carries on where it was.
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && adding === null)
      line.current?.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus();
    wasAdding.current = adding !== null;
  }, [adding]);

  const save = async (hotelCode: string, forAllAgencies: boolean): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setUnlisted(false);
    try {
      await onSave(row, hotelCode, forAllAgencies);
      setForAllDraft(null);
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const pick = (code: string) => {
    if (busy || (code === (row.hotelCode ?? '') && forAll === (row.mappedFor === 'allAgencies'))) return;
    void save(code, forAll);
  };

  const addAndMap = async (code: string, name: string) => {
    setBusy(true);
    setError(null);
    try {
      await onAddCode(row.kind, code, name);
    } catch (e) {
      setError(e);
      setBusy(false);
      return;
    }
    setBusy(false);
    if (await save(code, forAll)) setAdding(null);
  };

  const unmapped = row.hotelCode === null;
  const pickerId = `map-${agencyId}-${row.kind}-${row.channelCode}`.replace(/[^\w-]/g, '_');
  return (
    <tr
      ref={line}
      className={`${unmapped ? 'unmapped' : ''} ${highlighted ? 'focused' : ''}`}
      data-code={`${row.kind}:${row.channelCode}`}
      data-agency={agencyId}
    >
      <td>{t(`mapping.kind.${row.kind}`)}</td>
      <td className="code">{row.channelCode}</td>
      <td>{row.channelName}</td>
      <td className="num">{row.usedByLive > 0 ? row.usedByLive : ''}</td>
      <td className="hotel-code-cell">
        <div className="hotel-code-line">
          <HotelCodePicker
            id={pickerId}
            channelCode={row.channelCode}
            value={row.hotelCode}
            codes={hotelCodes}
            disabled={adding !== null}
            onPick={pick}
            onAdd={(text) => {
              setError(null);
              setUnlisted(false);
              setAdding(text);
            }}
            onUnlisted={() => setUnlisted(true)}
            onEdit={() => {
              setUnlisted(false);
              setError(null);
            }}
          />
          <span
            className={`save-state ${busy ? 'saving' : error ? 'failed' : saved ? 'saved' : ''}`}
            role="status"
          >
            {busy && t('common.saving')}
            {!busy && error !== null && adding === null && t('mapping.failed')}
            {!busy && error === null && saved && t('mapping.saved')}
            {!busy && error === null && !saved && unmapped && !unlisted && (
              <>
                <span aria-hidden="true">⚑ </span>
                {t('mapping.notMapped')}
              </>
            )}
          </span>
          {row.mappedFor === 'allAgencies' && (
            <span className="mapped-for-all">{t('mapping.mappedForAll')}</span>
          )}
          {row.mappedFor === 'agency' &&
            row.allAgenciesCode !== null &&
            row.allAgenciesCode !== row.hotelCode && (
              <span className="muted all-agencies-code">
                {t('mapping.allAgenciesCode', { code: row.allAgenciesCode })}
              </span>
            )}
        </div>
        {unlisted && (
          <p className="unlisted-note" role="alert">
            {t('mapping.pickFromList')}
          </p>
        )}
        {adding === null && <ErrorNote error={error} />}
        {adding !== null && (
          <AddHotelCode
            kind={row.kind}
            initialCode={adding}
            busy={busy}
            error={error}
            onSubmit={(code, name) => void addAndMap(code, name)}
            onCancel={() => {
              setAdding(null);
              setError(null);
            }}
          />
        )}
      </td>
      <td className="for-all-cell">
        <input
          type="checkbox"
          aria-label={t('mapping.forAllAgenciesFor', { code: row.channelCode })}
          checked={forAll}
          onChange={(e) => {
            if (busy) return;
            if (row.hotelCode !== null) void save(row.hotelCode, e.target.checked);
            else setForAllDraft(e.target.checked);
          }}
        />
      </td>
    </tr>
  );
}
