// The desk's own data file failed its check at start (damaged, cut short, overwritten or emptied): a screen of its
// own, not an error note, saying what happened and the one thing to do, with the good backups listed and Restore
// beside each. Its words are the renderer's, in the language chosen here (the saved choice is in the damaged
// file); once a backup is restored the desk opens as usual.
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../shared/domain';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BackupsCard } from './BackupsCard';

export function DamagedDatabaseScreen({ onRestored }: { onRestored: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="first-run-shell" data-testid="database-damaged">
      <header className="top-bar">
        <span className="brand">Resdesk</span>
        <span className="spacer" />
        <LanguageSwitch onChange={(language: UiLanguage) => void i18n.changeLanguage(language)} />
      </header>
      <main className="desk-main scroll damaged-database">
        <section className="card damaged-intro" role="alert">
          <h1>{t('damagedDatabase.title')}</h1>
          <p>{t('damagedDatabase.what')}</p>
          <p>
            <strong>{t('damagedDatabase.todo')}</strong>
          </p>
          <p className="hint">{t('damagedDatabase.after')}</p>
        </section>
        <BackupsCard onRestored={onRestored} saysDamaged={false} />
      </main>
    </div>
  );
}
