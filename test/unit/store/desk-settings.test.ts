import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { SecretSettingRefused } from '../../../main/store/settings';
import { openDeskDatabase } from './desk-fixture';

let db: Database;
beforeEach(() => {
  db = openDeskDatabase();
});
afterEach(() => db.close());

describe('settings', () => {
  it('returns the fallback until set, then the stored JSON value', () => {
    expect(new Store(db).getSetting('language', 'tr')).toBe('tr');
    new Store(db).setSetting('language', 'en');
    new Store(db).setSetting('connection', { serviceUrl: 'https://x.example', partnerId: 7 });
    expect(new Store(db).getSetting('language', 'tr')).toBe('en');
    expect(new Store(db).getSetting('connection', null)).toEqual({
      serviceUrl: 'https://x.example',
      partnerId: 7,
    });
    new Store(db).setSetting('language', undefined);
    expect(new Store(db).getSetting('language', 'tr')).toBe('tr');
  });

  it.each([
    'password',
    'servicePassword',
    'pass',
    'service.pass',
    'token',
    'accessToken',
    'clientSecret',
    'api_key',
  ])('refuses to store or read "%s"', (key) => {
    expect(() => new Store(db).setSetting(key, 'hunter2')).toThrow(SecretSettingRefused);
    expect(() => new Store(db).getSetting(key, '')).toThrow(SecretSettingRefused);
    expect(db.prepare('SELECT count(*) FROM settings').pluck().get()).toBe(0);
  });

  it('accepts ordinary keys that merely contain similar letters', () => {
    new Store(db).setSetting('passengerColumns', ['name']);
    new Store(db).setSetting('deskUser', 'Ayşe');
    expect(new Store(db).getSetting('passengerColumns', [])).toEqual(['name']);
    expect(new Store(db).getSetting('deskUser', '')).toBe('Ayşe');
  });
});

describe('activity', () => {
  it('lists entries newest first, a page at a time', () => {
    new Store(db).addActivity({
      at: '2026-07-01T10:00:00Z',
      user: 'Ayşe',
      action: 'confirm',
      keyField: 'k1',
      detail: '',
    });
    new Store(db).addActivity({
      at: '2026-07-01T12:00:00Z',
      user: 'Mehmet',
      action: 'export',
      keyField: null,
      detail: '3 rows',
    });
    const id = new Store(db).addActivity({
      at: '2026-07-01T11:00:00Z',
      user: 'Ayşe',
      action: 'decline',
      keyField: 'k2',
      detail: 'Full',
    });

    expect(new Store(db).listActivity(0, 10).map((e) => e.at)).toEqual([
      '2026-07-01T12:00:00Z',
      '2026-07-01T11:00:00Z',
      '2026-07-01T10:00:00Z',
    ]);
    expect(new Store(db).listActivity(1, 1)).toEqual([
      {
        id,
        at: '2026-07-01T11:00:00Z',
        user: 'Ayşe',
        action: 'decline',
        keyField: 'k2',
        detail: 'Full',
        guest: null,
        reasonName: null,
      },
    ]);
  });
});
