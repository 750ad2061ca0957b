// The hotel's list of its own codes: unique per kind whatever the case, in Turkish and in English; mappings
// store the list's spelling; migration 010 starts the list from the hotel codes the mappings already use.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { migrate, openDatabase } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations';
import { hotelCodesMigration } from '../../../main/store/migrations/010-hotel-codes';
import { HotelCodeTaken } from '../../../main/store/hotel-codes';
import { hotelCodeKey, type StayCodeKind } from '../../../shared/domain';
import { openDeskDatabase } from './desk-fixture';

let db: Database;
beforeEach(() => {
  db = openDeskDatabase();
});
afterEach(() => db.close());

const at = '2026-07-01T09:00:00Z';
const add = (kind: StayCodeKind, code: string, name = '') =>
  new Store(db).addHotelCode({ kind, code, name, user: 'Ayşe', at });
const refusal = (kind: StayCodeKind, code: string): HotelCodeTaken | null => {
  try {
    add(kind, code);
    return null;
  } catch (error) {
    if (error instanceof HotelCodeTaken) return error;
    throw error;
  }
};

describe('the key hotel codes are compared by', () => {
  it('ignores case, the spaces around, and the dotted and dotless i of Turkish and English', () => {
    expect(hotelCodeKey(' DBL ')).toBe(hotelCodeKey('dbl'));
    for (const spelling of ['KİNG', 'KING', 'king', 'kıng', 'Kİng', 'Ki\u0307ng'])
      expect(hotelCodeKey(spelling), spelling).toBe('king');
    expect(hotelCodeKey('IŞIK')).toBe(hotelCodeKey('ışık'));
    expect(hotelCodeKey('ŞÖMİNE')).toBe(hotelCodeKey('şömine'));
    // Letters other than case stay apart.
    expect(hotelCodeKey('SÜİT')).not.toBe(hotelCodeKey('SUIT'));
    expect(hotelCodeKey('DBL-1')).not.toBe(hotelCodeKey('DBL1'));
  });
});

describe("the hotel's list of its codes", () => {
  it('keeps each code as first written, with its name, sorted by kind then code', () => {
    add('board', 'YP', 'Yarım pansiyon');
    add('board', 'HD', 'Her şey dahil');
    add('room', '101 ', 'Deniz manzaralı');
    expect(new Store(db).listHotelCodes()).toEqual([
      { kind: 'room', code: '101', name: 'Deniz manzaralı' },
      { kind: 'board', code: 'HD', name: 'Her şey dahil' },
      { kind: 'board', code: 'YP', name: 'Yarım pansiyon' },
    ]);
  });

  it('refuses a code already there in another case, naming the one there', () => {
    add('roomType', 'KİNG', 'King suite');
    for (const spelling of ['king', 'KING', 'kıng', ' King '])
      expect(refusal('roomType', spelling)?.existing, spelling).toEqual({
        kind: 'roomType',
        code: 'KİNG',
        name: 'King suite',
      });
    add('board', 'ışık');
    expect(refusal('board', 'IŞIK')?.existing.code).toBe('ışık');
    expect(new Store(db).listHotelCodes().map((h) => h.code)).toEqual(['KİNG', 'ışık']);
  });

  it('is one list per kind: a room and a room type may share a code', () => {
    add('room', 'DBL');
    expect(refusal('roomType', 'dbl')).toBeNull();
    expect(new Store(db).findHotelCode('roomType', 'DBL')?.code).toBe('dbl');
    expect(new Store(db).findHotelCode('board', 'DBL')).toBeNull();
  });

  it('gives a mapping the spelling of the list, and puts a code the list lacks into it', () => {
    add('board', 'HD', 'Her şey dahil');
    new Store(db).setMapping({
      agencyId: 'AG1',
      kind: 'board',
      channelCode: 'AI',
      hotelCode: 'hd',
      user: 'Ayşe',
      at,
    });
    expect(new Store(db).hotelCodeFor('AG1', 'board', 'AI')).toBe('HD');
    new Store(db).setMapping({
      agencyId: 'AG1',
      kind: 'board',
      channelCode: 'UAI',
      hotelCode: 'UHD',
      user: 'Ayşe',
      at,
    });
    expect(new Store(db).listHotelCodes()).toEqual([
      { kind: 'board', code: 'HD', name: 'Her şey dahil' },
      { kind: 'board', code: 'UHD', name: '' },
    ]);
    expect(new Store(db).mappingView('AG1').hotelCodes).toEqual(new Store(db).listHotelCodes());
  });
});

describe('migration 010', () => {
  it('starts the list from the mappings, one code per kind whatever its case, the most used spelling', () => {
    db.close();
    db = openDatabase(':memory:', migrations.slice(0, hotelCodesMigration.version - 1));
    const insert = db.prepare(
      'INSERT INTO mappings (agency_id, kind, channel_code, hotel_code, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    insert.run('AG1', 'roomType', 'DBL', 'dbl', 'Mehmet', '2026-01-01T00:00:00Z');
    insert.run('AG2', 'roomType', 'DZ', 'DBL', 'Ayşe', '2026-02-01T00:00:00Z');
    insert.run('AG3', 'roomType', 'DOUBLE', 'DBL', 'Ayşe', '2026-03-01T00:00:00Z');
    insert.run('AG1', 'room', 'DBL', 'dbl', 'Mehmet', '2026-01-01T00:00:00Z');
    insert.run('AG1', 'board', 'AI', 'KİNG', 'Mehmet', '2026-01-01T00:00:00Z');
    insert.run('AG2', 'board', 'AL', 'king', 'Ayşe', '2026-01-02T00:00:00Z');
    migrate(db, migrations.slice(0, hotelCodesMigration.version));

    expect(new Store(db).listHotelCodes()).toEqual([
      { kind: 'room', code: 'dbl', name: '' },
      { kind: 'roomType', code: 'DBL', name: '' },
      // One use each: the earliest spelling.
      { kind: 'board', code: 'KİNG', name: '' },
    ]);
    expect(db.prepare("SELECT added_by AS user FROM hotel_codes WHERE kind = 'roomType'").get()).toEqual({
      user: 'Ayşe',
    });
    // The mappings themselves are left as they were.
    expect(new Store(db).hotelCodeFor('AG1', 'roomType', 'DBL')).toBe('dbl');
  });
});
