// How the desk draws attention: a sound for each kind of change, a reminder when reservations are left
// waiting, and starting with the PC. Each change is saved at once, as the tray menu's switches are.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

interface SwitchProps {
  name: string;
  label: string;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}

function Switch({ name, label, on, disabled, onChange }: SwitchProps) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        name={name}
        checked={on}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** Minutes a reservation may wait before the reminder; 0 is "never". */
const REMINDER_CHOICES = [0, 5, 10, 15, 30, 60, 120];

export function NotificationsCard() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const load = () =>
      void ask('getNotificationSettings', {}).then(
        (s) => live && setSettings(s),
        (e: unknown) => live && setError(e),
      );
    load();
    // The tray menu switches the same settings: coming back to the window shows what it did.
    window.addEventListener('focus', load);
    return () => {
      live = false;
      window.removeEventListener('focus', load);
    };
  }, []);

  /** Saves just this change: the tray menu may have changed the other settings meanwhile. */
  const save = async (change: { sound?: boolean; remindAfterMinutes?: number; startAtLogin?: boolean }) => {
    if (!settings) return;
    const before = settings;
    // Shown at once; the saved answer (or, on failure, what is really kept) replaces it.
    setSettings({ ...settings, ...change });
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      setSettings(await ask('saveNotificationSettings', change));
      setSaved(true);
    } catch (e) {
      setError(e);
      // Part of the change may have been kept: show what is; if even that cannot be read, what was.
      setSettings(await ask('getNotificationSettings', {}).catch(() => before));
    } finally {
      setBusy(false);
    }
  };

  // A delay set by hand in an older version stays selectable.
  const choices =
    settings && !REMINDER_CHOICES.includes(settings.remindAfterMinutes)
      ? [...REMINDER_CHOICES, settings.remindAfterMinutes].sort((a, b) => a - b)
      : REMINDER_CHOICES;

  return (
    <section className="card notification-settings" data-testid="notification-settings">
      <h2>{t('notifications.title')}</h2>
      {settings === null ? (
        error ? (
          <ErrorNote error={error} />
        ) : (
          <p className="hint">{t('common.loading')}</p>
        )
      ) : (
        <>
          <Switch
            name="sound"
            label={t('notifications.sound')}
            on={settings.sound}
            disabled={busy}
            onChange={(on) => void save({ sound: on })}
          />
          <label className="stacked">
            {t('notifications.remind')}
            <select
              name="remindAfterMinutes"
              value={settings.remindAfterMinutes}
              disabled={busy}
              onChange={(e) => void save({ remindAfterMinutes: Number(e.target.value) })}
            >
              {choices.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? t('notifications.never') : t('notifications.minutes', { count: m })}
                </option>
              ))}
            </select>
          </label>
          {settings.startAtLogin !== null && (
            <Switch
              name="startAtLogin"
              label={t('notifications.startAtLogin')}
              on={settings.startAtLogin}
              disabled={busy}
              onChange={(on) => void save({ startAtLogin: on })}
            />
          )}
          <ErrorNote error={error} />
          {saved && (
            <p className="ok-note" role="status">
              {t('notifications.saved')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
