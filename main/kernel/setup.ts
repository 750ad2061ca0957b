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

/**
 * The hotel's part of the setup: the service, its account, the hotel number and how the service
 * talks. With several desks on the hotel's database it is kept there and every desk uses it. The rest (the
 * language, the desk user, practice) belongs to each desk and stays in its own file.
 */
export const HOTEL_SETUP_FIELDS = ['serviceUrl', 'user', 'partnerId', 'format', 'dialect'] as const;
export type HotelSetup = Pick<SavedSetup, (typeof HOTEL_SETUP_FIELDS)[number]>;

/** The hotel's part of a setup as saved (another version's or a damaged one: only what has the right shape). */
export function hotelSetupOf(saved: Partial<SavedSetup> | Record<string, unknown>): HotelSetup {
  const s: Record<string, unknown> = { ...saved };
  return {
    serviceUrl: typeof s.serviceUrl === 'string' ? s.serviceUrl : defaultSetup.serviceUrl,
    user: typeof s.user === 'string' ? s.user : defaultSetup.user,
    partnerId: typeof s.partnerId === 'number' ? s.partnerId : defaultSetup.partnerId,
    format: s.format === 'json' || s.format === 'xml' ? s.format : defaultSetup.format,
    dialect: s.dialect === 'original' || s.dialect === 'spec' ? s.dialect : defaultSetup.dialect,
  };
}

export const sameHotelSetup = (a: HotelSetup, b: HotelSetup): boolean =>
  HOTEL_SETUP_FIELDS.every((field) => a[field] === b[field]);

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
