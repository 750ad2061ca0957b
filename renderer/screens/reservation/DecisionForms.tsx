// The two answers a receptionist gives: confirm (with an optional note) or decline (with a reason). Both
// send on Ctrl+Enter, and say so beside their send button; Esc leaves the form.
import { useEffect, useRef, useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { NotConfirmMessage } from '../../../shared/domain';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

/** Same limit as NOTE_MAX in shared/ipc.ts (not imported: that module pulls the schema library in). */
export const NOTE_MAX = 500;

interface FormProps {
  busy: boolean;
  onCancel: () => void;
}

interface ConfirmProps extends FormProps {
  /** The reservation the form answers, so a test (and a screen reader) can tell which guest it is for. */
  keyField: string;
  /** The note of the earlier confirmation, kept when confirming again after a change. */
  initialNote: string;
  onSend: (note: string) => void;
}

export function ConfirmForm({ busy, keyField, initialNote, onCancel, onSend }: ConfirmProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState(initialNote.slice(0, NOTE_MAX));
  const box = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    box.current?.focus();
    showWhole(form.current);
  }, []);
  return (
    <form
      ref={form}
      className="decision-form"
      data-testid="confirm-form"
      data-key={keyField}
      aria-label={t('decision.confirmFormLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        onSend(note.trim());
      }}
    >
      <label htmlFor="confirm-note">{t('decision.noteLabel')}</label>
      <textarea
        id="confirm-note"
        ref={box}
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        placeholder={t('decision.notePlaceholder')}
        onChange={(e) => setNote(e.target.value.slice(0, NOTE_MAX))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSend(note.trim());
          }
          if (e.key === 'Escape') {
            // Only the form closes; the reservation stays open (a second Escape closes it).
            e.stopPropagation();
            onCancel();
          }
        }}
      />
      <div className="form-foot">
        <span className={`counter ${note.length >= NOTE_MAX ? 'full' : ''}`} data-testid="note-counter">
          {t('decision.counter', { used: note.length, max: NOTE_MAX })}
        </span>
        <span className="spacer" />
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
        <SendKeyHint />
        <button type="submit" className="button confirm" disabled={busy} data-testid="confirm-send">
          {t('decision.sendConfirm')}
        </button>
      </div>
    </form>
  );
}

export function DeclineForm({ busy, onCancel, onSend }: FormProps & { onSend: (reasonId: string) => void }) {
  const { t, i18n } = useTranslation();
  const [reasons, setReasons] = useState<NotConfirmMessage[] | null>(null);
  const [reasonId, setReasonId] = useState('');
  const [error, setError] = useState<unknown>(null);
  const language = i18n.language === 'en' ? 'en' : 'tr';
  const form = useRef<HTMLFormElement>(null);
  // Once the reasons are in, the whole form (its send button too) is brought into the panel's view.
  useEffect(() => {
    if (reasons !== null) showWhole(form.current);
  }, [reasons]);

  useAskEffect(() => ask('listDeclineReasons', { language }), [language], setReasons, setError);

  return (
    <form
      ref={form}
      className="decision-form"
      data-testid="decline-form"
      aria-label={t('decision.declineFormLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        if (reasonId) onSend(reasonId);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && reasonId) {
          e.preventDefault();
          onSend(reasonId);
        }
      }}
    >
      <fieldset className="reasons">
        <legend>{t('decision.reasonLabel')}</legend>
        {reasons === null && !error && <p className="muted">{t('common.loading')}</p>}
        {reasons?.length === 0 && <p className="hint">{t('decision.noReasons')}</p>}
        {reasons?.map((r, i) => (
          <label key={r.id} className="radio">
            <input
              type="radio"
              name="reason"
              value={r.id}
              autoFocus={i === 0}
              checked={reasonId === r.id}
              onChange={() => setReasonId(r.id)}
            />
            {r.name}
          </label>
        ))}
      </fieldset>
      <ErrorNote error={error} />
      <div className="form-foot">
        {!reasonId && <span className="hint">{t('decision.pickReason')}</span>}
        <span className="spacer" />
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
        <SendKeyHint />
        <button
          type="submit"
          className="button decline"
          disabled={busy || !reasonId}
          data-testid="decline-send"
        >
          {t('decision.sendDecline')}
        </button>
      </div>
    </form>
  );
}

/** Where Ctrl+Enter sends, the keys are shown beside the send button (the form's shortcut, said once). */
function SendKeyHint() {
  const { t } = useTranslation();
  return (
    <span className="key-hint" data-testid="send-key-hint">
      <kbd>Ctrl</kbd>+<kbd>Enter</kbd> {t('decision.sendKey')}
    </span>
  );
}

/**
 * A form opened low in the reservation panel would leave its send button below the panel's edge (under the
 * status bar at 125%): the panel scrolls just enough to show all of it, its top first if it is taller.
 */
function showWhole(form: HTMLFormElement | null): void {
  form?.scrollIntoView({ block: 'nearest' });
}
