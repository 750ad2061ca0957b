// Settings → Several desks: which database this desk works in, and the two ways to share one.
// "This PC keeps the hotel's database" starts the database here and shows the code for the other PCs;
// "Connect to the hotel's database" takes that code (or a server's postgres:// address), and main saves it only
// after the database answered. Either takes effect at the next start, which the card says.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { SeveralDesksView } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

export function SeveralDesksCard() {
  const { t } = useTranslation();
  const [view, setView] = useState<SeveralDesksView | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'keep' | 'connect' | null>(null);
  const [copied, setCopied] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);

  useAskEffect(() => ask('getSeveralDesks', {}), [], setView, setError);

  // A code just shown is focused and selected: the next thing to do is copy it.
  useEffect(() => {
    if (view?.code) codeField.current?.select();
  }, [view?.code]);

  const run = async (kind: 'keep' | 'connect', work: () => Promise<SeveralDesksView>) => {
    setError(null);
    setCopied(false);
    setBusy(kind);
    try {
      setView(await work());
      if (kind === 'connect') setTyped('');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const connect = (e: FormEvent) => {
    e.preventDefault();
    void run('connect', () => ask('connectHotelDatabase', { code: typed }));
  };

  const copy = async (code: string) => {
    codeField.current?.select();
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard here: the code stays selected, for Ctrl+C.
    }
  };

  return (
    <section className="card several-desks" data-testid="several-desks-card" aria-busy={busy !== null}>
      <h2>{t('severalDesks.title')}</h2>
      <p className="hint">{t('severalDesks.intro')}</p>
      {view === null ? (
        error ? (
          <ErrorNote error={error} />
        ) : (
          <p className="hint">{t('common.loading')}</p>
        )
      ) : (
        <>
          <p data-testid="several-desks-state" data-choice={view.choice}>
            {t(`severalDesks.state.${view.choice}`, { where: view.where ?? '' })}{' '}
            {view.reachable === true && t('severalDesks.reachable')}
          </p>
          {view.problem && (
            <p className="error-note" role="alert">
              {view.problem}
            </p>
          )}
          {view.restartNeeded && (
            <p className="ok-note" role="status">
              {t('severalDesks.nextStart')}
            </p>
          )}
          {view.code && (
            <div className="connection-code">
              <label className="stacked" htmlFor="hotel-db-code">
                {t('severalDesks.codeLabel')}
              </label>
              <div className="inline-fields">
                <input
                  id="hotel-db-code"
                  ref={codeField}
                  readOnly
                  value={view.code}
                  spellCheck={false}
                  aria-describedby="hotel-db-code-hint"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <button type="button" className="button" onClick={() => void copy(view.code ?? '')}>
                  {t('severalDesks.copy')}
                </button>
              </div>
              <p className="field-hint" id="hotel-db-code-hint">
                {t('severalDesks.codeHint')}
              </p>
              {copied && (
                <p className="ok-note" role="status">
                  {t('severalDesks.copied')}
                </p>
              )}
              {!view.onNetwork && <p className="hint">{t('severalDesks.noNetwork')}</p>}
            </div>
          )}
          <ErrorNote error={error} />
          {view.choice === 'file' && <p className="question">{t('severalDesks.question')}</p>}
          {view.choice !== 'keeps' && (
            <form onSubmit={connect} noValidate className="connect-here">
              {view.choice === 'file' && <h3>{t('severalDesks.anotherKeeps')}</h3>}
              <label className="stacked" htmlFor="hotel-db-connect">
                {t('severalDesks.connectLabel')}
              </label>
              <input
                id="hotel-db-connect"
                name="hotelDatabase"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                aria-describedby="hotel-db-connect-hint"
                onChange={(e) => setTyped(e.target.value)}
              />
              <p className="field-hint" id="hotel-db-connect-hint">
                {t('severalDesks.connectHint')}
              </p>
              <button type="submit" className="button" disabled={busy !== null}>
                {busy === 'connect' ? t('severalDesks.connecting') : t('severalDesks.connect')}
              </button>
            </form>
          )}
          {view.choice !== 'keeps' && <hr className="choice-divider" />}
          {view.choice !== 'keeps' || view.reachable !== true ? (
            <div className="keep-here">
              {view.choice === 'file' && <h3>{t('severalDesks.noneKeeps')}</h3>}
              <p className="field-hint" id="hotel-db-keep-hint">
                {t(view.choice === 'connected' ? 'severalDesks.keepInstead' : 'severalDesks.keepHint')}
              </p>
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                aria-describedby="hotel-db-keep-hint"
                onClick={() => void run('keep', () => ask('keepHotelDatabase', {}))}
              >
                {busy === 'keep' ? t('severalDesks.keeping') : t('severalDesks.keep')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
