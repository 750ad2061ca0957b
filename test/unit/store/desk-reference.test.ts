import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { findAgency, listAgencies, replaceAgencies } from '../../../main/store/agencies';
import {
  findNotConfirmMessage,
  listNotConfirmMessages,
  replaceNotConfirmMessages,
} from '../../../main/store/messages';
import { listStayCodes, replaceStayCodes } from '../../../main/store/stay-codes';
import type { StayCode } from '../../../shared/domain';
import { openDeskDatabase } from './desk-fixture';

let db: Database;
beforeEach(() => {
  db = openDeskDatabase();
});
afterEach(() => db.close());

describe('agencies', () => {
  it('lists the active agencies by name', () => {
    replaceAgencies(db, [
      { id: 'a2', name: 'Sunway Tours' },
      { id: 'a1', name: 'Anatolia Travel' },
    ]);
    expect(listAgencies(db)).toEqual([
      { id: 'a1', name: 'Anatolia Travel' },
      { id: 'a2', name: 'Sunway Tours' },
    ]);
  });

  it('keeps an agency that disappears, hidden, and renames one that changed', () => {
    replaceAgencies(db, [
      { id: 'a1', name: 'Anatolia Travel' },
      { id: 'a2', name: 'Sunway Tours' },
    ]);
    replaceAgencies(db, [{ id: 'a1', name: 'Anatolia Travel GmbH' }]);
    expect(listAgencies(db)).toEqual([{ id: 'a1', name: 'Anatolia Travel GmbH' }]);
    expect(findAgency(db, 'a2')).toEqual({ id: 'a2', name: 'Sunway Tours' });

    replaceAgencies(db, [{ id: 'a2', name: 'Sunway Tours' }]);
    expect(listAgencies(db)).toEqual([{ id: 'a2', name: 'Sunway Tours' }]);
  });

  it('changes nothing when a replacement fails half way', () => {
    replaceAgencies(db, [{ id: 'a1', name: 'Anatolia Travel' }]);
    db.exec(`CREATE TRIGGER refuse_a4 BEFORE INSERT ON agencies WHEN NEW.id = 'a4'
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const agencies = [
      { id: 'a3', name: 'New' },
      { id: 'a4', name: 'Broken' },
    ];
    expect(() => replaceAgencies(db, agencies)).toThrow(/disk full/);
    expect(listAgencies(db)).toEqual([{ id: 'a1', name: 'Anatolia Travel' }]);
  });
});

describe('not-confirm messages', () => {
  it('keeps each language apart, in the service order', () => {
    replaceNotConfirmMessages(db, 'tr-TR', [
      { id: 'r2', name: 'Otel dolu', lang: 'tr-TR' },
      { id: 'r1', name: 'Fiyat hatası', lang: 'tr-TR' },
    ]);
    replaceNotConfirmMessages(db, 'en-US', [{ id: 'r2', name: 'Hotel full', lang: 'en-US' }]);

    expect(listNotConfirmMessages(db, 'tr-TR').map((m) => m.name)).toEqual(['Otel dolu', 'Fiyat hatası']);
    expect(listNotConfirmMessages(db, 'en-US')).toEqual([{ id: 'r2', name: 'Hotel full', lang: 'en-US' }]);
    expect(findNotConfirmMessage(db, 'r2', 'en-US')?.name).toBe('Hotel full');
    expect(findNotConfirmMessage(db, 'r1')?.name).toBe('Fiyat hatası');
    expect(findNotConfirmMessage(db, 'nope')).toBeNull();
  });

  it('replaces a language wholesale', () => {
    replaceNotConfirmMessages(db, 'en-US', [{ id: 'r1', name: 'Old', lang: 'en-US' }]);
    replaceNotConfirmMessages(db, 'en-US', [{ id: 'r9', name: 'New', lang: 'en-US' }]);
    expect(listNotConfirmMessages(db, 'en-US')).toEqual([{ id: 'r9', name: 'New', lang: 'en-US' }]);
  });
});

describe('stay codes', () => {
  it('replaces one agency at a time and filters by kind', () => {
    replaceStayCodes(db, 'a1', [
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
    replaceStayCodes(db, 'a2', [{ agencyId: 'a2', kind: 'board', code: 'HB', name: 'Half board' }]);

    const none = { hotel: '', hotelNumber: null };
    expect(listStayCodes(db, 'a1')).toEqual([
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
    expect(listStayCodes(db, 'a1', 'board').map((c) => c.code)).toEqual(['AI']);

    replaceStayCodes(db, 'a1', [{ agencyId: 'a1', kind: 'board', code: 'BB', name: 'Bed and breakfast' }]);
    expect(listStayCodes(db, 'a1').map((c) => c.code)).toEqual(['BB']);
    expect(listStayCodes(db, 'a2').map((c) => c.code)).toEqual(['HB']);
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
    replaceStayCodes(db, 'a1', [
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
    expect(listStayCodes(db, 'a1', 'room')).toEqual([
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
    replaceStayCodes(db, 'a1', [{ agencyId: 'A1', kind: 'board', code: 'AI', name: 'All inclusive' }]);
    expect(listStayCodes(db, 'a1')).toEqual([
      { agencyId: 'a1', kind: 'board', code: 'AI', name: 'All inclusive', hotel: '', hotelNumber: null },
    ]);

    db.exec(`CREATE TRIGGER refuse_hb BEFORE INSERT ON stay_codes WHEN NEW.code = 'HB'
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const codes: StayCode[] = [
      { agencyId: 'a1', kind: 'board', code: 'BB', name: 'Bed and breakfast' },
      { agencyId: 'a1', kind: 'board', code: 'HB', name: 'Half board' },
    ];
    expect(() => replaceStayCodes(db, 'a1', codes)).toThrow(/disk full/);
    expect(listStayCodes(db, 'a1').map((c) => c.code)).toEqual(['AI']);
  });
});
