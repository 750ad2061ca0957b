import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../shared/domain';
import { languages } from '../i18n';

const names: Record<UiLanguage, string> = { tr: 'Türkçe', en: 'English' };

/** TR / EN: switches at once; the choice is saved by the caller. */
export function LanguageSwitch({ onChange }: { onChange: (language: UiLanguage) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {languages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          title={names[lng]}
          aria-pressed={i18n.language === lng}
          className={i18n.language === lng ? 'active' : ''}
          onClick={() => onChange(lng)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
