// Settings → Backups: the copies of the desk's database with their date and size, a copy now, the hotel's
// second folder, and Restore, which first says what would be lost and asks. Also shown on the start screen
// when the database failed its check, so the newest good backup is one click away.
import { useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { BackupItem, BackupsView, RestorePreviewView } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

const megabytes = (bytes: number): string => (bytes / 1_048_576).toFixed(1);

export function BackupsCard({
  onRestored,
  saysDamaged = true,
}: {
  onRestored?: () => void;
  /** Whether the card itself says the database is damaged (the damaged screen says it above it instead). */
  saysDamaged?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<BackupsView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [asking, setAsking] = useState<RestorePreviewView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [folder, setFolder] = useState('');
  const [busy, setBusy] = useState(false);

  useAskEffect(
    () => ask('listBackups', {}),
    [],
    (v) => {
      setView(v);
      setFolder(v.secondFolder ?? '');
    },
    setError,
  );

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setDone(null);
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

  const row = (b: BackupItem) => (
    <li key={b.file} data-testid="backup-row">
      <span>{when(b.takenAt)}</span> <span className="hint">{t(`backups.kind.${b.kind}`)}</span>{' '}
      <span className="hint">{t('backups.size', { mb: megabytes(b.size) })}</span>
      {b.inSecondFolder && <span className="hint"> · {t('backups.inSecondFolder')}</span>}{' '}
      <button
        type="button"
        className="button small"
        disabled={busy}
        onClick={() => void run(async () => setAsking(await ask('previewRestore', { file: b.file })))}
      >
        {t('backups.restore')}
      </button>
    </li>
  );

  return (
    <section className="card backups" data-testid="backups-card">
      <h2>{t('backups.title')}</h2>
      {view === null ? (
        error ? (
          <ErrorNote error={error} />
        ) : (
          <p className="hint">{t('common.loading')}</p>
        )
      ) : (
        <>
          {view.databaseDamaged && saysDamaged && (
            <p className="error-note" role="alert">
              {t('backups.damaged')}
            </p>
          )}
          <p className="hint">
            {t('backups.where', { folder: view.folder, daily: view.keep.daily, pre: view.keep.preMigration })}
          </p>
          {view.backups.length === 0 ? (
            <p className="hint">{t('backups.none')}</p>
          ) : (
            <ul>{view.backups.map(row)}</ul>
          )}
          {asking && (
            <div className="confirm-box" role="alertdialog" aria-label={t('backups.restore')}>
              <p>{t('backups.askRestore', { when: when(asking.takenAt) })}</p>
              <p>
                {asking.lost === null
                  ? t('backups.lostUnknown')
                  : asking.lost.reservationVersions === 0 && asking.lost.decisions === 0
                    ? t('backups.lostNothing')
                    : t('backups.lost', {
                        versions: asking.lost.reservationVersions,
                        answers: asking.lost.decisions,
                      })}
              </p>
              <button
                type="button"
                className="button decline"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const file = asking.file;
                    setAsking(null);
                    await ask('restoreBackup', { file });
                    setDone(t('backups.restored'));
                    setView(await ask('listBackups', {}));
                    onRestored?.();
                  })
                }
              >
                {t('backups.restoreYes')}
              </button>{' '}
              <button type="button" className="button" onClick={() => setAsking(null)}>
                {t('backups.restoreNo')}
              </button>
            </div>
          )}
          {!view.databaseDamaged && (
            <>
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void run(async () => setView(await ask('backupNow', {})))}
                >
                  {t('backups.now')}
                </button>
              </div>
              <label className="stacked">
                {t('backups.secondFolder')}
                <input name="backupFolder" value={folder} onChange={(e) => setFolder(e.target.value)} />
              </label>
              <p className="hint">{t('backups.secondFolderHint')}</p>
              {view.secondFolderProblem && <p className="error-note">{view.secondFolderProblem}</p>}
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    setView(await ask('setBackupFolder', { folder }));
                    setDone(t('notifications.saved'));
                  })
                }
              >
                {t('backups.saveFolder')}
              </button>
            </>
          )}
          <ErrorNote error={error} />
          {done && (
            <p className="ok-note" role="status">
              {done}
            </p>
          )}
        </>
      )}
    </section>
  );
}
