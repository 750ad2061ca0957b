// Adding a code to the hotel's list, from the picker's "add" option: the one place a hotel code is typed
// freely. It opens with what was typed and asks for a name; "Add and map" adds it and maps the row to it.
// A code the list already has in any case is refused by the desk with a sentence, shown here.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StayCodeKind } from '../../../shared/domain';
import { ErrorNote } from '../../components/ErrorNote';
import { keepInSight } from './keep-in-sight';

interface Props {
  kind: StayCodeKind;
  initialCode: string;
  busy: boolean;
  error: unknown;
  onSubmit: (code: string, name: string) => void;
  onCancel: () => void;
}

export function AddHotelCode({ kind, initialCode, busy, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => nameInput.current?.focus({ preventScroll: true }), []);
  // The form, and the sentence when the desk refuses the code, stay in sight in the table.
  useEffect(() => keepInSight(form.current), [error]);

  const title = t('mapping.addTitle', { kind: t(`mapping.kind.${kind}`) });
  return (
    <form
      ref={form}
      className="add-hotel-code"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim() !== '') onSubmit(code.trim(), name.trim());
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <strong className="add-title">{title}</strong>
      <label>
        {t('mapping.newCode')}
        <input value={code} maxLength={100} spellCheck={false} onChange={(e) => setCode(e.target.value)} />
      </label>
      <label>
        {t('mapping.newName')}
        <input ref={nameInput} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <span className="add-actions">
        <button type="submit" className="button primary small" disabled={busy || code.trim() === ''}>
          {busy ? t('common.saving') : t('mapping.addAndMap')}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </span>
      <ErrorNote error={error} />
    </form>
  );
}
