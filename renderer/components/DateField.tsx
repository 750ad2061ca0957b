// A calendar-day field that follows the UI language, not the browser's: it shows and takes 12.07.2026 in
// Turkish and 2026-07-12 in English, typed (checked as typed, kept on Enter or leaving the field) or picked
// from the browser's calendar through the button beside it. The value is always 'YYYY-MM-DD' or '' (empty).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { datePattern, parseTypedDate, showDate } from './dates';
import './date-field.css';

interface Props {
  /** The field's label: visible, unless `hideLabel` (a row that says it once for two fields). */
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  testId?: string;
  name?: string;
}

export function DateField({ label, hideLabel, value, onChange, className, testId, name }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const id = useId();
  const [text, setText] = useState(() => showDate(value, lng));
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (Today, clear filters, the language) is shown in the UI's format.
  useEffect(() => {
    setText(showDate(value, lng));
    setInvalid(false);
  }, [value, lng]);

  const commit = (typed: string) => {
    const parsed = parseTypedDate(typed);
    if (parsed === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(showDate(parsed, lng));
    if (parsed !== value) onChange(parsed);
  };

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // No calendar here (an old engine): typing still works.
    }
  };

  return (
    <span className={`date-field ${className ?? ''} ${invalid ? 'invalid' : ''}`} data-testid={testId}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="date-text"
        value={text}
        placeholder={datePattern(lng)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-problem` : undefined}
        size={12}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
        }}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
      />
      <button
        type="button"
        className="date-pick"
        title={t('date.pick', { label })}
        aria-label={t('date.pick', { label })}
        onClick={openPicker}
      >
        <span aria-hidden="true">▦</span>
      </button>
      <input
        ref={picker}
        type="date"
        className="date-native"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {invalid && (
        <span className="date-problem" id={`${id}-problem`} role="alert">
          {t('date.invalid', { pattern: datePattern(lng) })}
        </span>
      )}
    </span>
  );
}
