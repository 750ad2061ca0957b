// A code mapped once for all agencies applies wherever an agency has no own mapping of it, in every reader
// of the mappings: the mapping screen, a reservation's codes, the inbox and PMS-entry markers, the export
// and its unmapped list, and the pre-confirm checks. Copying another agency's mappings fills only the gaps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { hasUnmappedCodes } from '../../../main/store/mappings';
import { iterateExportRows } from '../../../main/store/export-rows';
import { listToEnter } from '../../../main/store/pms-entry';
import { checksInput } from '../../../main/store/checks-input';
import { createChecker } from '../../../main/checks';
import { ALL_AGENCIES, type StayCode, type StayCodeKind } from '../../../shared/domain';
import { requestSchemas } from '../../../shared/ipc';
import { openDeskDatabase, receive } from './desk-fixture';
import { makeGuest, makeReservation } from './fixtures';

let db: Database;
afterEach(() => db.close());

const at = '2026-07-01T09:00:00Z';
const code = (agencyId: string, kind: StayCodeKind, value: string): StayCode => ({
  agencyId,
  kind,
  code: value,
  name: value,
});
const map = (agencyId: string, kind: StayCodeKind, channelCode: string, hotelCode: string, forAll = false) =>
  new Store(db).setMapping({
    agencyId,
    kind,
    channelCode,
    hotelCode,
    forAllAgencies: forAll,
    user: 'Ayşe',
    at,
  });
const rowOf = (agencyId: string, kind: StayCodeKind, channelCode: string) =>
  new Store(db).mappingView(agencyId).rows.find((r) => r.kind === kind && r.channelCode === channelCode);

beforeEach(() => {
  db = openDeskDatabase();
  for (const agencyId of ['AG1', 'AG2'])
    new Store(db).replaceStayCodes(agencyId, [
      code(agencyId, 'room', 'R1'),
      code(agencyId, 'roomType', 'DBL'),
      code(agencyId, 'board', 'AI'),
      code(agencyId, 'board', 'HB'),
      code(agencyId, 'nationality', 'TR'),
    ]);
  // AG2 alone also lists a suite.
  new Store(db).replaceStayCodes('AG2', [
    code('AG2', 'room', 'R1'),
    code('AG2', 'room', 'SU'),
    code('AG2', 'roomType', 'DBL'),
    code('AG2', 'board', 'AI'),
    code('AG2', 'board', 'HB'),
    code('AG2', 'nationality', 'TR'),
  ]);
  const guest = (keyField: string) => makeGuest('IŞIK AYŞE', keyField, { nationality: 'TR' });
  receive(
    db,
    // Confirmed, so they are in the PMS-entry list.
    ...[
      makeReservation({ keyField: 'a1', logId: 1, agencyId: 'AG1', guests: [guest('a1')] }),
      makeReservation({ keyField: 'b1', logId: 2, agencyId: 'AG2', guests: [guest('b1')] }),
    ].map((r) => ({ ...r, confirmationStatus: 'E' })),
  );
  // Everything but the board is mapped for both agencies, each on its own.
  for (const agencyId of ['AG1', 'AG2']) {
    map(agencyId, 'room', 'R1', '101');
    map(agencyId, 'roomType', 'DBL', 'STD');
    map(agencyId, 'nationality', 'TR', 'TUR');
  }
});

describe('a code mapped for all agencies', () => {
  it('applies to every agency without an own mapping, and the agency mapped from follows it too', () => {
    map('AG1', 'board', 'AI', 'HD');
    expect(new Store(db).hotelCodeFor('AG2', 'board', 'AI')).toBeNull();
    map('AG1', 'board', 'AI', 'HD', true);

    expect(new Store(db).hotelCodeFor('AG2', 'board', 'AI')).toBe('HD');
    expect(new Store(db).hotelCodeFor('AG1', 'board', 'AI')).toBe('HD');
    expect(new Store(db).hotelCodeFor('AG3', 'board', 'AI')).toBe('HD');
    // AG1's own mapping went: it follows the all-agencies one like everybody else.
    expect(rowOf('AG1', 'board', 'AI')).toMatchObject({
      hotelCode: 'HD',
      mappedFor: 'allAgencies',
      allAgenciesCode: 'HD',
    });
    expect(rowOf('AG2', 'board', 'AI')).toMatchObject({ hotelCode: 'HD', mappedFor: 'allAgencies' });
    expect(new Store(db).mappingView('AG2').unmapped).toBe(2); // HB and SU
    // The all-agencies mapping adds no row to an agency that does not have the code.
    map('AG1', 'board', 'XX', 'HD', true);
    expect(rowOf('AG2', 'board', 'XX')).toBeUndefined();
  });

  it("gives way to an agency's own mapping, which the row shows beside it", () => {
    map('AG1', 'board', 'AI', 'HD', true);
    map('AG2', 'board', 'AI', 'UHD');
    expect(new Store(db).hotelCodeFor('AG2', 'board', 'AI')).toBe('UHD');
    expect(rowOf('AG2', 'board', 'AI')).toMatchObject({
      hotelCode: 'UHD',
      mappedFor: 'agency',
      allAgenciesCode: 'HD',
    });
    // Removing the own mapping falls back to the all-agencies one.
    map('AG2', 'board', 'AI', '');
    expect(rowOf('AG2', 'board', 'AI')).toMatchObject({ hotelCode: 'HD', mappedFor: 'allAgencies' });
    // Removing the all-agencies mapping leaves the code unmapped everywhere it was not mapped on its own.
    map('AG2', 'board', 'AI', '', true);
    expect(rowOf('AG1', 'board', 'AI')).toMatchObject({ hotelCode: null, mappedFor: null });
    expect(rowOf('AG2', 'board', 'AI')).toMatchObject({ hotelCode: null, mappedFor: null });
  });

  it('is stored under ALL_AGENCIES, never as an agency of its own', () => {
    map('AG1', 'board', 'AI', 'HD', true);
    const rows = db.prepare("SELECT agency_id AS agencyId FROM mappings WHERE kind = 'board'").all();
    expect(rows).toEqual([{ agencyId: ALL_AGENCIES }]);
  });

  it("ends the reservation's unmapped marks in the inbox, its detail and the PMS-entry list", () => {
    expect(new Store(db).unmappedCodesFor('b1')).toEqual([{ kind: 'board', channelCode: 'AI' }]);
    expect(hasUnmappedCodes(db, ['a1', 'b1'])).toEqual(new Set(['a1', 'b1']));
    expect(listToEnter(db, 0, 10).rows.map((r) => [r.keyField, r.hasUnmappedCodes])).toEqual([
      ['a1', true],
      ['b1', true],
    ]);

    map('AG1', 'board', 'AI', 'HD', true);
    expect(new Store(db).unmappedCodesFor('b1')).toEqual([]);
    expect(new Store(db).mappedCodesFor('b1').find((c) => c.kind === 'board')?.hotelCode).toBe('HD');
    expect(hasUnmappedCodes(db, ['a1', 'b1'])).toEqual(new Set());
    expect(listToEnter(db, 0, 10).rows.map((r) => r.hasUnmappedCodes)).toEqual([false, false]);
  });

  it('is what the export writes and leaves out of its unmapped list', () => {
    const selection = { kind: 'reservations', scope: 'all' } as const;
    expect(
      new Store(db).exportCounts(selection).unmapped.map((u) => [u.agencyId, u.kind, u.channelCode]),
    ).toEqual([
      ['AG1', 'board', 'AI'],
      ['AG2', 'board', 'AI'],
    ]);
    map('AG1', 'board', 'AI', 'HD', true);
    map('AG1', 'board', 'AI', 'UHD');
    expect(new Store(db).exportCounts(selection).unmapped).toEqual([]);
    const boards = [...iterateExportRows(db, selection)].map((r) => [r.keyField, r.boardHotel]);
    expect(boards).toEqual([
      ['a1', 'UHD'],
      ['b1', 'HD'],
    ]);
  });

  it('ends the unmapped pre-confirm check', () => {
    const unmappedChecks = () => {
      const checker = createChecker({ today: '2026-07-01', ...checksInput(db) });
      const out: string[] = [];
      for (const [keyField, r] of new Store(db).checkedReservations(['a1', 'b1']))
        for (const c of checker.check(r))
          if (c.kind === 'unmapped') out.push(`${keyField}:${c.codeKind}:${c.code}`);
      return out;
    };
    expect(unmappedChecks()).toEqual(['a1:board:AI', 'b1:board:AI']);
    map('AG2', 'board', 'AI', 'HD', true);
    expect(unmappedChecks()).toEqual([]);
  });
});

describe('the mapping view of one agency', () => {
  it('lists a code asked for even when the agency neither lists it nor uses it live, mapped or not', () => {
    const asked = { kind: 'board' as const, channelCode: 'DECLINED-ONLY' };
    expect(rowOf('AG1', 'board', 'DECLINED-ONLY')).toBeUndefined();
    expect(new Store(db).mappingView('AG1', [asked]).rows).toContainEqual(
      expect.objectContaining({ ...asked, hotelCode: null, mappedFor: null, usedByLive: 0 }),
    );
    map('AG2', 'board', 'DECLINED-ONLY', 'HD', true);
    expect(new Store(db).mappingView('AG1', [asked]).rows).toContainEqual(
      expect.objectContaining({ ...asked, hotelCode: 'HD', mappedFor: 'allAgencies' }),
    );
  });

  it('is never asked for ALL_AGENCIES through the desk: the requests refuse it as an agency', () => {
    expect(requestSchemas.getMapping.safeParse({ agencyId: ALL_AGENCIES }).success).toBe(false);
    expect(
      requestSchemas.setMapping.safeParse({
        agencyId: ALL_AGENCIES,
        kind: 'board',
        channelCode: 'AI',
        hotelCode: 'HD',
      }).success,
    ).toBe(false);
    expect(
      requestSchemas.copyMappings.safeParse({ agencyId: 'AG1', fromAgencyId: ALL_AGENCIES }).success,
    ).toBe(false);
    expect(requestSchemas.copyMappings.safeParse({ agencyId: 'AG1', fromAgencyId: 'AG2' }).success).toBe(
      true,
    );
  });
});

describe('copying mappings from another agency', () => {
  it("fills only the codes this agency has and does not map, with the other agency's own codes", () => {
    map('AG2', 'board', 'AI', 'HD');
    map('AG2', 'board', 'HB', 'yp'); // written before the list existed in another case
    map('AG2', 'room', 'SU', 'SUIT'); // AG1 has no such room
    map('AG2', 'room', 'R1', '999'); // AG1 maps R1 itself: kept
    new Store(db).addHotelCode({ kind: 'board', code: 'YP-X', name: '', user: 'Ayşe', at });

    const copied = new Store(db).copyMappings({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'Ayşe', at });
    expect(copied).toEqual([
      { kind: 'board', channelCode: 'AI', hotelCode: 'HD' },
      { kind: 'board', channelCode: 'HB', hotelCode: 'yp' },
    ]);
    expect(new Store(db).hotelCodeFor('AG1', 'room', 'R1')).toBe('101');
    expect(rowOf('AG1', 'room', 'SU')).toBeUndefined();
    expect(rowOf('AG1', 'board', 'AI')).toMatchObject({ hotelCode: 'HD', mappedFor: 'agency' });
    // Copying again finds nothing left to fill.
    expect(new Store(db).copyMappings({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'Ayşe', at })).toEqual(
      [],
    );
  });

  it('leaves a code mapped for all agencies alone, and copies nothing an agency maps only that way', () => {
    map('AG1', 'board', 'AI', 'HD', true);
    map('AG2', 'board', 'HB', 'YP');
    const copied = new Store(db).copyMappings({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'Ayşe', at });
    expect(copied).toEqual([{ kind: 'board', channelCode: 'HB', hotelCode: 'YP' }]);
    expect(rowOf('AG1', 'board', 'AI')).toMatchObject({ mappedFor: 'allAgencies' });
    expect(new Store(db).copyMappings({ agencyId: 'AG2', fromAgencyId: 'AG1', user: 'Ayşe', at })).toEqual(
      [],
    );
  });

  it("writes the hotel's list's spelling and keeps every copied code in the list", () => {
    new Store(db).addHotelCode({ kind: 'board', code: 'HD', name: 'Her şey dahil', user: 'Ayşe', at });
    db.prepare(
      "INSERT INTO mappings (agency_id, kind, channel_code, hotel_code, updated_by, updated_at) VALUES ('AG2', 'board', 'AI', 'hd', 'old', ?)",
    ).run(at);
    expect(new Store(db).copyMappings({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'Ayşe', at })).toEqual([
      { kind: 'board', channelCode: 'AI', hotelCode: 'HD' },
    ]);
    expect(new Store(db).listHotelCodes().filter((h) => h.kind === 'board')).toEqual([
      { kind: 'board', code: 'HD', name: 'Her şey dahil' },
    ]);
  });
});
