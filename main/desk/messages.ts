// Sentences main says to people (errors, connection test results) in the UI language, through i18next
// like the renderer, so a Turkish desk never sees an English error.
import i18next, { type i18n, type TOptions } from 'i18next';
import { NOTE_MAX, type UiLanguage } from '../../shared/domain';
import type { DecisionRefusal } from '../store';
import en from './i18n/en.json';
import tr from './i18n/tr.json';

export type MessageKey =
  | `error.${keyof typeof en.error}`
  | `connection.${keyof typeof en.connection}`
  | `decision.${keyof typeof en.decision}`;

export interface Messages {
  t(key: MessageKey, options?: TOptions): string;
  setLanguage(language: UiLanguage): void;
}

export function createMessages(language: UiLanguage): Messages {
  const instance: i18n = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    resources: { en: { translation: en }, tr: { translation: tr } },
    interpolation: { escapeValue: false },
  });
  return {
    t: (key, options) => instance.t(key, options ?? {}),
    setLanguage: (lang) => void instance.changeLanguage(lang),
  };
}

/** The sentence for a decision the store refused (DecisionRefused.code). */
export const refusalSentence = (messages: Messages, code: DecisionRefusal): string =>
  messages.t(`decision.${code}`, { max: NOTE_MAX });
