// Loads the saved setup, then shows either the first-run setup or the desk. The language follows the
// saved choice and switches instantly; saving it is a side effect, not a wait.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../shared/domain';
import type { SetupView } from '../shared/ipc';
import { ask, errorCode, hasBridge } from './api';
import { ErrorNote } from './components/ErrorNote';
import { LanguageSwitch } from './components/LanguageSwitch';
import { Desk } from './desk';
import { SetupScreen } from './screens/setup/SetupScreen';
import { BackupsCard } from './screens/setup/BackupsCard';
import { DamagedDatabaseScreen } from './screens/setup/DamagedDatabaseScreen';
import './styles/symbols.css';

export function App() {
  const { t, i18n } = useTranslation();
  const [setup, setSetup] = useState<SetupView | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!hasBridge()) return;
    ask('getSetup', {}).then((s) => {
      void i18n.changeLanguage(s.language);
      setSetup(s);
    }, setError);
  }, [i18n]);

  const changeLanguage = useCallback(
    (language: UiLanguage) => {
      void i18n.changeLanguage(language);
      ask('setLanguage', { language }).then(setSetup, setError);
    },
    [i18n],
  );

  if (!hasBridge()) return <p className="fatal">{t('errors.noBridge')}</p>;
  const reload = () =>
    void ask('getSetup', {}).then((s) => {
      setError(null);
      setSetup(s);
    }, setError);
  if (!setup && errorCode(error) === 'database-damaged') return <DamagedDatabaseScreen onRestored={reload} />;
  if (!setup)
    return (
      <div className="loading-screen">
        {error ? <ErrorNote error={error} /> : t('common.loading')}
        {/* The desk could not open its data (a damaged file refuses every request): the backups still list. */}
        {error ? (
          <BackupsCard
            onRestored={() =>
              void ask('getSetup', {}).then((s) => {
                setError(null);
                setSetup(s);
              }, setError)
            }
          />
        ) : null}
      </div>
    );
  if (!setup.configured) {
    return (
      <div className="first-run-shell">
        <header className="top-bar">
          <span className="brand">Resdesk</span>
          <span className="spacer" />
          <LanguageSwitch onChange={changeLanguage} />
        </header>
        <main className="desk-main scroll">
          <SetupScreen setup={setup} firstRun onSetupChanged={setSetup} />
        </main>
      </div>
    );
  }
  return <Desk setup={setup} onSetupChanged={setSetup} onLanguage={changeLanguage} />;
}
