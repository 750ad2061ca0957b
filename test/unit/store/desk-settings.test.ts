import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { getSetting, SecretSettingRefused, setSetting } from '../../../main/store/settings';
import { addActivity, listActivity } from '../../../main/store/activity';
import { openDeskDatabase } from './desk-fixture';

let db: Database;
beforeEach(() => {
  db = openDeskDatabase();
});
afterEach(() => db.close());

describe('settings', () => {
  it('returns the fallback until set, then the stored JSON value', () => {
    expect(getSetting(db, 'language', 'tr')).toBe('tr');
    setSetting(db, 'language', 'en');
    setSetting(db, 'connection', { serviceUrl: 'https://x.example', partnerId: 7 });
    expect(getSetting(db, 'language', 'tr')).toBe('en');
    expect(getSetting(db, 'connection', null)).toEqual({ serviceUrl: 'https://x.example', partnerId: 7 });
    setSetting(db, 'language', undefined);
    expect(getSetting(db, 'language', 'tr')).toBe('tr');
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
    expect(() => setSetting(db, key, 'hunter2')).toThrow(SecretSettingRefused);
    expect(() => getSetting(db, key, '')).toThrow(SecretSettingRefused);
    expect(db.prepare('SELECT count(*) FROM settings').pluck().get()).toBe(0);
  });

  it('accepts ordinary keys that merely contain similar letters', () => {
    setSetting(db, 'passengerColumns', ['name']);
    setSetting(db, 'deskUser', 'Ayşe');
    expect(getSetting(db, 'passengerColumns', [])).toEqual(['name']);
    expect(getSetting(db, 'deskUser', '')).toBe('Ayşe');
  });
});

describe('activity', () => {
  it('lists entries newest first, a page at a time', () => {
    addActivity(db, {
      at: '2026-07-01T10:00:00Z',
      user: 'Ayşe',
      action: 'confirm',
      keyField: 'k1',
      detail: '',
    });
    addActivity(db, {
      at: '2026-07-01T12:00:00Z',
      user: 'Mehmet',
      action: 'export',
      keyField: null,
      detail: '3 rows',
    });
    const id = addActivity(db, {
      at: '2026-07-01T11:00:00Z',
      user: 'Ayşe',
      action: 'decline',
      keyField: 'k2',
      detail: 'Full',
    });

    expect(listActivity(db, 0, 10).map((e) => e.at)).toEqual([
      '2026-07-01T12:00:00Z',
      '2026-07-01T11:00:00Z',
      '2026-07-01T10:00:00Z',
    ]);
    expect(listActivity(db, 1, 1)).toEqual([
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
