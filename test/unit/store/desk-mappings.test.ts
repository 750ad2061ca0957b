import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { hasUnmappedCodes } from '../../../main/store/mappings';
import type { StayCode, StayCodeKind } from '../../../shared/domain';
import { openDeskDatabase, receive } from './desk-fixture';
import { makeGuest, makeReservation } from './fixtures';

let db: Database;
afterEach(() => db.close());

const code = (kind: StayCodeKind, value: string, name: string): StayCode => ({
  agencyId: 'AG1',
  kind,
  code: value,
  name,
});
const map = (kind: StayCodeKind, channelCode: string, hotelCode: string, agencyId = 'AG1'): void =>
  new Store(db).setMapping({
    agencyId,
    kind,
    channelCode,
    hotelCode,
    user: 'Ayşe',
    at: '2026-07-01T09:00:00Z',
  });

const guest = (keyField: string, nationality: string, nationalityString: string) =>
  makeGuest('IŞIK AYŞE', keyField, { nationality, nationalityString });

beforeEach(() => {
  db = openDeskDatabase();
  new Store(db).replaceStayCodes('AG1', [
    code('room', 'R1', 'Sea view'),
    code('room', 'R2', 'Garden view'),
    code('roomType', 'DBL', 'Double'),
    code('roomType', 'TRP', 'Triple'),
    code('board', 'AI', 'All inclusive'),
    code('board', 'HB', 'Half board'),
    code('nationality', 'TR', 'Türkiye'),
    code('nationality', 'DE', 'Germany'),
  ]);
  receive(
    db,
    makeReservation({
      keyField: 'k1',
      logId: 1,
      guests: [guest('k1', 'TR', 'Türkiye'), guest('k1', 'TR', 'Türkiye')],
    }),
    makeReservation({
      keyField: 'k2',
      logId: 2,
      confirmationStatus: 'E',
      accomId: 'HB',
      guests: [guest('k2', 'DE', 'Germany')],
    }),
    // The channel sends a room type and a nationality it never listed.
    makeReservation({
      keyField: 'k3',
      logId: 3,
      roomTypeId: 'FAM',
      roomTypeName: 'Family room',
      guests: [guest('k3', 'GB', 'United Kingdom')],
    }),
    // Declined and cancelled reservations need no mapping.
    makeReservation({
      keyField: 'k4',
      logId: 4,
      confirmationStatus: 'H',
      roomId: 'R2',
      roomTypeId: 'TRP',
      accomId: 'BB',
    }),
    makeReservation({
      keyField: 'k5',
      logId: 5,
      pmsStatus: 3,
      roomId: 'R2',
      roomTypeId: 'TRP',
      accomId: 'HB',
    }),
    // Another agency: its codes are its own.
    makeReservation({ keyField: 'k6', logId: 6, agencyId: 'AG2', roomId: 'R9' }),
  );
  map('roomType', 'DBL', 'DZ');
  map('board', 'AI', 'HER');
});

describe('mapping view', () => {
  it('puts unmapped codes in use first, most used first, then other unmapped, then mapped', () => {
    const view = new Store(db).mappingView('AG1');
    expect(view.rows.map((r) => [r.kind, r.channelCode, r.hotelCode, r.usedByLive])).toEqual([
      ['room', 'R1', null, 3],
      ['roomType', 'FAM', null, 1],
      ['board', 'HB', null, 1],
      ['nationality', 'TR', null, 1],
      ['nationality', 'DE', null, 1],
      ['nationality', 'GB', null, 1],
      ['room', 'R2', null, 0],
      ['roomType', 'TRP', null, 0],
      ['roomType', 'DBL', 'DZ', 2],
      ['board', 'AI', 'HER', 2],
    ]);
    expect(view).toMatchObject({ agencyId: 'AG1', total: 10, unmapped: 8 });
    expect(view.rows.find((r) => r.channelCode === 'FAM')?.channelName).toBe('Family room');
    expect(view.rows.find((r) => r.channelCode === 'GB')?.channelName).toBe('United Kingdom');
    expect(view.rows.find((r) => r.channelCode === 'R1')?.channelName).toBe('Sea view');
  });

  it('moves a code down once mapped and back up once the mapping is removed', () => {
    map('room', 'R1', '101');
    let view = new Store(db).mappingView('AG1');
    expect(view.rows[0]?.channelCode).toBe('FAM');
    expect(view.rows.find((r) => r.channelCode === 'R1')).toMatchObject({ hotelCode: '101', usedByLive: 3 });
    expect(view.unmapped).toBe(7);
    expect(new Store(db).hotelCodeFor('AG1', 'room', 'R1')).toBe('101');

    map('room', 'R1', '  ');
    view = new Store(db).mappingView('AG1');
    expect(view.rows[0]).toMatchObject({ channelCode: 'R1', hotelCode: null });
    expect(new Store(db).hotelCodeFor('AG1', 'room', 'R1')).toBeNull();
  });

  it('keeps mappings per agency and kind', () => {
    map('room', 'R1', '101');
    expect(new Store(db).hotelCodeFor('AG2', 'room', 'R1')).toBeNull();
    expect(new Store(db).hotelCodeFor('AG1', 'roomType', 'R1')).toBeNull();
    map('room', 'R1', '102');
    expect(new Store(db).hotelCodeFor('AG1', 'room', 'R1')).toBe('102');
  });

  it('shows a mapped code the agency no longer lists, so it can be removed', () => {
    map('board', 'FB', 'TAM');
    expect(new Store(db).mappingView('AG1').rows.at(-1)).toEqual({
      kind: 'board',
      channelCode: 'FB',
      channelName: '',
      hotelCode: 'TAM',
      usedByLive: 0,
      mappedFor: 'agency',
      allAgenciesCode: null,
    });
  });

  it('is empty for an agency without codes or reservations', () => {
    expect(new Store(db).mappingView('nobody')).toMatchObject({
      agencyId: 'nobody',
      rows: [],
      total: 0,
      unmapped: 0,
    });
  });
});

describe('unmapped codes of reservations', () => {
  it('lists the codes one reservation still needs', () => {
    expect(new Store(db).unmappedCodesFor('k1')).toEqual([
      { kind: 'room', channelCode: 'R1' },
      { kind: 'nationality', channelCode: 'TR' },
    ]);
    expect(new Store(db).mappedCodesFor('k1')).toEqual([
      { kind: 'room', channelCode: 'R1', channelName: 'Sea view', hotelCode: null },
      { kind: 'roomType', channelCode: 'DBL', channelName: 'Double Room', hotelCode: 'DZ' },
      { kind: 'board', channelCode: 'AI', channelName: 'All inclusive', hotelCode: 'HER' },
      { kind: 'nationality', channelCode: 'TR', channelName: 'Türkiye', hotelCode: null },
    ]);
    expect(new Store(db).unmappedCodesFor('missing')).toEqual([]);
  });

  it('marks the reservations of a page that use an unmapped code', () => {
    map('room', 'R1', '101');
    map('nationality', 'TR', 'TUR');
    expect(new Store(db).unmappedCodesFor('k1')).toEqual([]);
    expect(hasUnmappedCodes(db, ['k1', 'k2', 'k3', 'k6', 'missing'])).toEqual(new Set(['k2', 'k3', 'k6']));
    map('board', 'HB', 'YP');
    map('nationality', 'DE', 'ALM');
    expect(hasUnmappedCodes(db, ['k1', 'k2'])).toEqual(new Set());
    expect(hasUnmappedCodes(db, [])).toEqual(new Set());
  });
});
