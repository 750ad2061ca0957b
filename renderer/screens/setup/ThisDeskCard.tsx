// Settings → This desk: which Resdesk runs here, where its updates stand (checked at start and daily;
// Check now; Install and restart once one is downloaded, which waits for any answer being sent), Save
// diagnostics for support, and a note when the last run did not stop cleanly.
import { useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { AboutDeskView, UpdateState } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

export function ThisDeskCard() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<AboutDeskView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  useAskEffect(() => ask('getAboutDesk', {}), [], setView, setError);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const when = (iso: string): string =>
    new Date(iso).toLocaleString(i18n.language === 'tr' ? 'tr-TR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  const updates = view?.updates;
  const lastCheckText = (u: UpdateState): string =>
    u.lastCheckAt === null
      ? t('thisDesk.neverChecked')
      : t(`thisDesk.lastCheck.${u.lastCheck ?? 'up-to-date'}`, { when: when(u.lastCheckAt) });
  return (
    <section className="card this-desk" data-testid="this-desk-card">
      <h2>{t('thisDesk.title')}</h2>
      {view === null || updates === undefined ? (
        error ? (
          <ErrorNote error={error} />
        ) : (
          <p className="hint">{t('common.loading')}</p>
        )
      ) : (
        <>
          <p data-testid="desk-version">{t('thisDesk.version', { version: view.version })}</p>
          {view.uncleanStopAt !== null && (
            <p className="error-note" role="status" data-testid="unclean-stop">
              {t('thisDesk.uncleanStop', { when: when(view.uncleanStopAt) })}
            </p>
          )}
          {updates.feed === 'set' ? (
            <>
              <p data-testid="last-check">{lastCheckText(updates)}</p>
              {updates.available !== null && updates.downloaded === null && (
                <p className="hint">{t('thisDesk.downloading', { version: updates.available })}</p>
              )}
              {updates.downloaded !== null && (
                <p data-testid="update-ready">
                  {updates.installPending
                    ? t('thisDesk.installPending', { version: updates.downloaded })
                    : t('thisDesk.ready', { version: updates.downloaded })}
                </p>
              )}
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void run(async () => setView(await ask('checkForUpdates', {})))}
                >
                  {t('thisDesk.checkNow')}
                </button>
                {updates.downloaded !== null && (
                  <button
                    type="button"
                    className="button primary"
                    disabled={busy || updates.installPending}
                    onClick={() => void run(async () => setView(await ask('installUpdate', {})))}
                  >
                    {t('thisDesk.install')}
                  </button>
                )}
              </div>
            </>
          ) : (
            <p className="hint" data-testid="no-updates">
              {t(`thisDesk.feed.${updates.feed}`)}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  setSaved(null);
                  setSaved((await ask('saveDiagnostics', {})).file);
                })
              }
            >
              {t('thisDesk.saveDiagnostics')}
            </button>
          </div>
          {saved !== null && (
            <p role="status" data-testid="diagnostics-saved">
              {t('thisDesk.diagnosticsSaved', { file: saved })}
            </p>
          )}
          <ErrorNote error={error} />
        </>
      )}
    </section>
  );
}
