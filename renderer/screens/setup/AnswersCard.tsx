// How answers go out: each confirmation, decline or taken-in cancellation is held a few seconds (a visible
// countdown with Undo) before it is sent, so two quick keys on the wrong reservation can be taken back.
// 0 sends at once. Saved at once, for the whole hotel (it lives in the work database).
import { useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { AnswerSettings } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

const GRACE_CHOICES = [0, 5, 10, 15, 20, 30, 60];

export function AnswersCard() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<AnswerSettings | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  useAskEffect(() => ask('getAnswerSettings', {}), [], setSettings, setError);

  const save = async (graceSeconds: number) => {
    setError(null);
    setSaved(false);
    try {
      setSettings(await ask('saveAnswerSettings', { graceSeconds }));
      setSaved(true);
    } catch (e) {
      setError(e);
    }
  };

  const choices =
    settings && !GRACE_CHOICES.includes(settings.graceSeconds)
      ? [...GRACE_CHOICES, settings.graceSeconds].sort((a, b) => a - b)
      : GRACE_CHOICES;

  return (
    <section className="card answer-settings" data-testid="answer-settings">
      <h2>{t('answers.title')}</h2>
      {settings === null ? (
        error ? (
          <ErrorNote error={error} />
        ) : (
          <p className="hint">{t('common.loading')}</p>
        )
      ) : (
        <>
          <label className="stacked">
            {t('answers.grace')}
            <select
              name="graceSeconds"
              value={settings.graceSeconds}
              onChange={(e) => void save(Number(e.target.value))}
            >
              {choices.map((s) => (
                <option key={s} value={s}>
                  {s === 0 ? t('answers.atOnce') : t('answers.seconds', { count: s })}
                </option>
              ))}
            </select>
          </label>
          <p className="hint">{t('answers.graceHint')}</p>
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
