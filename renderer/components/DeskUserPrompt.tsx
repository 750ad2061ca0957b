// After practice mode the desk must not go on signing real answers as "Practice": until a receptionist gives
// a name, a bar under the header asks for one (the name goes beside each answer in the activity list).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_DESK_USERS } from '../../shared/domain';
import type { SetupView } from '../../shared/ipc';
import { ask } from '../api';
import { ErrorNote } from './ErrorNote';

/** Main asks (askDeskUser) once leaving practice took its name away; the practice names stay a safety net. */
export const needsDeskUser = (setup: SetupView): boolean =>
  !setup.practiceMode && (setup.askDeskUser || PRACTICE_DESK_USERS.includes(setup.deskUser));

export function DeskUserPrompt({ onSetupChanged }: { onSetupChanged: (setup: SetupView) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed || PRACTICE_DESK_USERS.includes(trimmed)) return;
    setBusy(true);
    try {
      onSetupChanged(await ask('setDeskUser', { name: trimmed }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="desk-user-prompt"
      data-testid="desk-user-prompt"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor="desk-user-name">{t('deskUser.prompt')}</label>
      <input id="desk-user-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button small primary" disabled={busy || !name.trim()}>
        {t('common.save')}
      </button>
      <ErrorNote error={error} />
    </form>
  );
}
