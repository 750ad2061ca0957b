// Sentences main says to people (errors, connection test results) in the UI language, through i18next
// like the renderer, so a Turkish desk never sees an English error.
import i18next, { type i18n, type TOptions } from 'i18next';
import { NOTE_MAX, type UiLanguage } from '../../shared/domain';
import type { DecisionRefusal } from '../store';
import en from './i18n/en.json';
import tr from './i18n/tr.json';

/** Every leaf of the catalog as a dotted key ("activity.codeKind.room"). */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? PluralBase<K> : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** i18next's plural forms ("waiting_one", "waiting_other") are asked for by their base key with a count. */
type PluralBase<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

export type MessageKey = Leaves<typeof en>;

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
