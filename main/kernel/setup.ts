// The desk's setup as kept in the settings table. The password is not here: it lives in the keychain.
import type { ServiceDialect, UiLanguage, WireFormat } from '../../shared/domain';
import type { Store } from '../store';

export interface SavedSetup {
  serviceUrl: string;
  user: string;
  partnerId: number | null;
  format: WireFormat;
  /** Which names the service was seen to use (learnt at the first mapping request); null: not yet known. */
  dialect: ServiceDialect | null;
  language: UiLanguage;
  deskUser: string;
  practiceMode: boolean;
  /** deskUser is the name practice mode gave a desk that had none: leaving practice takes it away. */
  practiceDeskUser: boolean;
  /** Practice took its name away: ask the receptionist for one until they give it. */
  askDeskUser: boolean;
}

const KEY = 'setup';

export const defaultSetup: SavedSetup = {
  serviceUrl: '',
  user: '',
  partnerId: null,
  // Every public client of the live service reads XML; JSON is used only once a connection check showed
  // that the whole desk works with it.
  format: 'xml',
  dialect: null,
  language: 'tr',
  deskUser: '',
  practiceMode: false,
  practiceDeskUser: false,
  askDeskUser: false,
};

export function readSetup(store: Store): SavedSetup {
  return { ...defaultSetup, ...store.getSetting<Partial<SavedSetup>>(KEY, {}) };
}

export function writeSetup(store: Store, patch: Partial<SavedSetup>): SavedSetup {
  const next = { ...readSetup(store), ...patch };
  store.setSetting(KEY, next);
  return next;
}

export const isConfigured = (s: SavedSetup): boolean =>
  s.practiceMode || (s.serviceUrl !== '' && s.user !== '' && s.partnerId !== null);

/** The keychain account for a service user: one password per user and service host. */
export function credentialAccount(serviceUrl: string, user: string): string {
  let host = serviceUrl;
  try {
    host = new URL(serviceUrl).host;
  } catch {
    // An unparsable address still gets a stable account name.
  }
  return `${user}@${host}`;
}
