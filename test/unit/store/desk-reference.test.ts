import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import type { StayCode } from '../../../shared/domain';
import { openDeskDatabase } from './desk-fixture';

let db: Database;
beforeEach(() => {
  db = openDeskDatabase();
});
afterEach(() => db.close());

describe('agencies', () => {
  it('lists the active agencies by name', () => {
    new Store(db).replaceAgencies([
      { id: 'a2', name: 'Sunway Tours' },
      { id: 'a1', name: 'Anatolia Travel' },
    ]);
    expect(new Store(db).listAgencies()).toEqual([
      { id: 'a1', name: 'Anatolia Travel' },
      { id: 'a2', name: 'Sunway Tours' },
    ]);
  });

  it('keeps an agency that disappears, hidden, and renames one that changed', () => {
    new Store(db).replaceAgencies([
      { id: 'a1', name: 'Anatolia Travel' },
      { id: 'a2', name: 'Sunway Tours' },
    ]);
    new Store(db).replaceAgencies([{ id: 'a1', name: 'Anatolia Travel GmbH' }]);
    expect(new Store(db).listAgencies()).toEqual([{ id: 'a1', name: 'Anatolia Travel GmbH' }]);
    expect(new Store(db).findAgency('a2')).toEqual({ id: 'a2', name: 'Sunway Tours' });

    new Store(db).replaceAgencies([{ id: 'a2', name: 'Sunway Tours' }]);
    expect(new Store(db).listAgencies()).toEqual([{ id: 'a2', name: 'Sunway Tours' }]);
  });

  it('changes nothing when a replacement fails half way', () => {
    new Store(db).replaceAgencies([{ id: 'a1', name: 'Anatolia Travel' }]);
    db.exec(`CREATE TRIGGER refuse_a4 BEFORE INSERT ON agencies WHEN NEW.id = 'a4'
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const agencies = [
      { id: 'a3', name: 'New' },
      { id: 'a4', name: 'Broken' },
    ];
    expect(() => new Store(db).replaceAgencies(agencies)).toThrow(/disk full/);
    expect(new Store(db).listAgencies()).toEqual([{ id: 'a1', name: 'Anatolia Travel' }]);
  });
});

describe('not-confirm messages', () => {
  it('keeps each language apart, in the service order', () => {
    new Store(db).replaceNotConfirmMessages('tr-TR', [
      { id: 'r2', name: 'Otel dolu', lang: 'tr-TR' },
      { id: 'r1', name: 'Fiyat hatası', lang: 'tr-TR' },
    ]);
    new Store(db).replaceNotConfirmMessages('en-US', [{ id: 'r2', name: 'Hotel full', lang: 'en-US' }]);

    expect(new Store(db).listNotConfirmMessages('tr-TR').map((m) => m.name)).toEqual([
      'Otel dolu',
      'Fiyat hatası',
    ]);
    expect(new Store(db).listNotConfirmMessages('en-US')).toEqual([
      { id: 'r2', name: 'Hotel full', lang: 'en-US' },
    ]);
    expect(new Store(db).findNotConfirmMessage('r2', 'en-US')?.name).toBe('Hotel full');
    expect(new Store(db).findNotConfirmMessage('r1')?.name).toBe('Fiyat hatası');
    expect(new Store(db).findNotConfirmMessage('nope')).toBeNull();
  });

  it('replaces a language wholesale', () => {
    new Store(db).replaceNotConfirmMessages('en-US', [{ id: 'r1', name: 'Old', lang: 'en-US' }]);
    new Store(db).replaceNotConfirmMessages('en-US', [{ id: 'r9', name: 'New', lang: 'en-US' }]);
    expect(new Store(db).listNotConfirmMessages('en-US')).toEqual([{ id: 'r9', name: 'New', lang: 'en-US' }]);
  });
});

describe('stay codes', () => {
  it('replaces one agency at a time and filters by kind', () => {
    new Store(db).replaceStayCodes('a1', [
      { agencyId: 'a1', kind: 'board', code: 'AI', name: 'All inclusive' },
      {
        agencyId: 'a1',
        kind: 'room',
        code: 'DBL',
        name: 'Double',
        pax: 2,
        minAdults: 1,
        maxAdults: 2,
        maxChildren: 1,
      },
      { agencyId: 'a1', kind: 'nationality', code: 'DE', name: 'Germany' },
    ]);
    new Store(db).replaceStayCodes('a2', [{ agencyId: 'a2', kind: 'board', code: 'HB', name: 'Half board' }]);

    const none = { hotel: '', hotelNumber: null };
    expect(new Store(db).listStayCodes('a1')).toEqual([
      {
        agencyId: 'a1',
        kind: 'room',
        code: 'DBL',
        name: 'Double',
        ...none,
        pax: 2,
        minAdults: 1,
        maxAdults: 2,
        maxChildren: 1,
        maxPax: null,
      },
      { agencyId: 'a1', kind: 'board', code: 'AI', name: 'All inclusive', ...none },
      { agencyId: 'a1', kind: 'nationality', code: 'DE', name: 'Germany', ...none },
    ]);
    expect(new Store(db).listStayCodes('a1', 'board').map((c) => c.code)).toEqual(['AI']);

    new Store(db).replaceStayCodes('a1', [
      { agencyId: 'a1', kind: 'board', code: 'BB', name: 'Bed and breakfast' },
    ]);
    expect(new Store(db).listStayCodes('a1').map((c) => c.code)).toEqual(['BB']);
    expect(new Store(db).listStayCodes('a2').map((c) => c.code)).toEqual(['HB']);
  });

  it('keeps every field the live service gives: hotel, hotel number, room limits and the element', () => {
    const raw = {
      MaxAdl: '3',
      MaxChd: '2',
      MaxPax: '4',
      MinAdl: '1',
      Oda: 'DZ',
      Otel: 'AYT-KUMSAL',
      Pax: '2',
    };
    new Store(db).replaceStayCodes('a1', [
      {
        agencyId: 'a1',
        kind: 'room',
        code: 'DZ',
        name: 'Doppelzimmer',
        hotel: 'AYT-KUMSAL',
        hotelNumber: 1001,
        pax: 2,
        minAdults: 1,
        maxAdults: 3,
        maxChildren: 2,
        maxPax: 4,
        raw,
      },
    ]);
    expect(new Store(db).listStayCodes('a1', 'room')).toEqual([
      {
        agencyId: 'a1',
        kind: 'room',
        code: 'DZ',
        name: 'Doppelzimmer',
        hotel: 'AYT-KUMSAL',
        hotelNumber: 1001,
        pax: 2,
        minAdults: 1,
        maxAdults: 3,
        maxChildren: 2,
        maxPax: 4,
      },
    ]);
    const kept = db.prepare<[], string>('SELECT raw_json FROM stay_codes').pluck().get();
    expect(JSON.parse(kept ?? 'null')).toEqual(raw);
  });

  it('files codes under the agency asked for, and keeps the old list when a replacement fails', () => {
    new Store(db).replaceStayCodes('a1', [
      { agencyId: 'A1', kind: 'board', code: 'AI', name: 'All inclusive' },
    ]);
    expect(new Store(db).listStayCodes('a1')).toEqual([
      { agencyId: 'a1', kind: 'board', code: 'AI', name: 'All inclusive', hotel: '', hotelNumber: null },
    ]);

    db.exec(`CREATE TRIGGER refuse_hb BEFORE INSERT ON stay_codes WHEN NEW.code = 'HB'
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const codes: StayCode[] = [
      { agencyId: 'a1', kind: 'board', code: 'BB', name: 'Bed and breakfast' },
      { agencyId: 'a1', kind: 'board', code: 'HB', name: 'Half board' },
    ];
    expect(() => new Store(db).replaceStayCodes('a1', codes)).toThrow(/disk full/);
    expect(new Store(db).listStayCodes('a1').map((c) => c.code)).toEqual(['AI']);
  });
});
