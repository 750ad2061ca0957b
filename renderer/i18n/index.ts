// i18next with both languages bundled: the desk must switch instantly and work offline, so nothing is fetched.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/domain';
import en from './en.json';
import tr from './tr.json';

export const languages: readonly UiLanguage[] = ['tr', 'en'];

/** Before the saved choice is known, follow the PC's language (most desks here run Turkish Windows). */
export const guessLanguage = (): UiLanguage =>
  navigator.language.toLowerCase().startsWith('tr') ? 'tr' : 'en';

export function startI18n(language: UiLanguage): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, tr: { translation: tr } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}

export const currentLanguage = (): UiLanguage => (i18next.language === 'en' ? 'en' : 'tr');
