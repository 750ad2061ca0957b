// How often the desk asks the service for new reservations. Shorter means a new reservation
// is on screen sooner and a little more traffic on the hotel's line; the running sync takes a saved value
// at once. Out-of-range values are explained here and never sent.
import { useState, type FormEvent } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import {
  POLL_INTERVAL_MAX_SECONDS,
  POLL_INTERVAL_MIN_SECONDS,
  isPollInterval,
  type PollSettings,
} from '../../../shared/poll-interval';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

export function SyncCard() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<PollSettings | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [outOfRange, setOutOfRange] = useState(false);

  useAskEffect(
    () => ask('getPollSettings', {}),
    [],
    (s) => {
      setSettings(s);
      setTyped(String(s.intervalSeconds));
    },
    setError,
  );

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError(null);
    const seconds = Number(typed.trim());
    if (typed.trim() === '' || !isPollInterval(seconds)) {
      setOutOfRange(true);
      return;
    }
    setOutOfRange(false);
    setBusy(true);
    try {
      const s = await ask('savePollSettings', { intervalSeconds: seconds });
      setSettings(s);
      setTyped(String(s.intervalSeconds));
      setSaved(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const range = { min: POLL_INTERVAL_MIN_SECONDS, max: POLL_INTERVAL_MAX_SECONDS };
  return (
    <section className="card sync-settings" data-testid="sync-settings">
      <h2>{t('syncSettings.title')}</h2>
      {settings === null ? (
        error ? (
          <ErrorNote error={error} />
        ) : (
          <p className="hint">{t('common.loading')}</p>
        )
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate>
          <label className="stacked" htmlFor="poll-interval">
            {t('syncSettings.interval')}
          </label>
          <div className="inline-fields">
            <input
              id="poll-interval"
              name="intervalSeconds"
              inputMode="numeric"
              value={typed}
              aria-invalid={outOfRange}
              aria-describedby="poll-interval-hint"
              onChange={(e) => {
                setTyped(e.target.value);
                setSaved(false);
              }}
            />
            <span>{t('syncSettings.secondsUnit')}</span>
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('common.save')}
            </button>
          </div>
          <p className="hint" id="poll-interval-hint">
            {t('syncSettings.hint', { seconds: settings.defaultSeconds })}
          </p>
          {outOfRange && (
            <p className="error-note" role="alert" data-testid="poll-interval-range">
              {t('syncSettings.outOfRange', range)}
            </p>
          )}
          <ErrorNote error={error} />
          {saved && (
            <p className="ok-note" role="status">
              {t('notifications.saved')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
