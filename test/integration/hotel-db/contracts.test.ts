// The operators' contracts on both engines: stored with an activity row per change, refused in words when they
// make no sense or share a night with the operator's other allotment of the room type, and the allotment's use per
// night read from the reservations as a plain model counts it (every night of every stay, one by one).
// `npx vitest run test/integration/hotel-db/contracts.test.ts`
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allotmentUse } from '../../../main/contracts/allotment';
import { contractProblemText } from '../../../main/contracts/validate';
import { MappedCodes } from '../../../main/checks/mapped-codes';
import { addDays } from '../../../shared/calendar';
import { roomsOn, type AllotmentNight, type ContractInput, type Reservation } from '../../../shared/domain';
import { makeReservation } from '../../unit/store/fixtures';
import { propertyRuns } from '../../harness/property-runs';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';
import { julyAllotment } from '../../harness/contracts';
import { contractProblems } from '../../../shared/contract-problems';

const AT = '2026-06-01T09:00:00.000Z';
const engines = bothEngines();

const july = julyAllotment;

describe.each(engineNames)('contracts on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  it('stores, changes and removes an allotment, each with an activity row saying what it holds', async () => {
    const s = e.store;
    const added = await s.addContract(
      july({ weekdayRooms: [5, 5, 5, 5, 5, 8, 8], note: ' summer ' }),
      'ayse',
      AT,
      contractProblems,
    );
    if (!('saved' in added)) throw new Error('refused');
    expect(added.saved).toMatchObject({
      agencyId: 'AG1',
      roomType: 'DZ',
      weekdayRooms: [5, 5, 5, 5, 5, 8, 8],
      note: 'summer',
      updatedBy: 'ayse',
    });
    const changed = await s.updateContract(
      added.saved.id,
      july({ rooms: 6, kind: 'guaranteed' }),
      'mehmet',
      AT,
      contractProblems,
    );
    expect(changed && 'saved' in changed ? changed.saved : null).toMatchObject({
      rooms: 6,
      kind: 'guaranteed',
      weekdayRooms: null,
      updatedBy: 'mehmet',
    });
    expect(await s.listContracts()).toHaveLength(1);
    expect(await s.removeContract(added.saved.id, 'ayse', AT)).toMatchObject({ rooms: 6 });
    expect(await s.removeContract(added.saved.id, 'ayse', AT)).toBeNull();
    expect(await s.listContracts()).toEqual([]);
    const log = await s.listActivity(0, 10, 'en');
    expect(log.map((a) => [a.action, a.user, JSON.parse(a.detail).change])).toEqual([
      ['contract', 'ayse', 'removed'],
      ['contract', 'mehmet', 'changed'],
      ['contract', 'ayse', 'added'],
    ]);
  });

  it("refuses, in words and writing nothing, what makes no sense or shares a night with the operator's other allotment", async () => {
    const s = e.store;
    const first = await s.addContract(july(), 'ayse', AT, contractProblems);
    if (!('saved' in first)) throw new Error('refused');
    const refused = async (input: ContractInput): Promise<string[]> => {
      const result = await s.addContract(input, 'ayse', AT, contractProblems);
      return 'problems' in result ? result.problems.map(contractProblemText) : [];
    };
    expect(await refused(july({ from: '2026-07-31', to: '2026-08-10' }))).toEqual([
      `This operator already has an allotment of this room type from 2026-07-01 to 2026-07-31 (contract ${first.saved.id}): change that one, or choose nights outside it.`,
    ]);
    expect(await refused(july({ from: '2026-02-30', rooms: -1, releaseDays: 500, agencyId: ' ' }))).toEqual([
      'Choose the operator (agency).',
      'Give the first night as YYYY-MM-DD.',
      'Rooms a night must be a whole number from 0 to 999.',
      'Release days must be a whole number from 0 to 120.',
    ]);
    expect(await refused(july({ from: '2026-08-10', to: '2026-08-01' }))).toEqual([
      'The last night is before the first night.',
    ]);
    expect(await refused(july({ weekdayRooms: [1, 2, 3] }))).toEqual([
      'Give seven room counts, Monday to Sunday (for example 5,5,5,5,5,8,8).',
    ]);
    // What a spreadsheet's cell can carry and no form types: a text past its length, a NUL, a line break.
    expect(
      await refused(july({ roomType: 'D'.repeat(101), note: 'x'.repeat(100_000), agencyId: 'AG\u00001' })),
    ).toEqual([
      'The operator (agency) holds a line break or another invisible character: remove it.',
      'The room type code is too long: keep it to 100 characters.',
      'The note is too long: keep it to 200 characters.',
    ]);
    expect(await refused(july({ note: 'yaz\nkış' }))).toEqual([
      'The note holds a line break or another invisible character: remove it.',
    ]);
    // Another room type, another operator, the next month: no overlap.
    for (const other of [
      july({ roomType: 'SGL' }),
      july({ agencyId: 'AG2' }),
      july({ from: '2026-08-01', to: '2026-08-31' }),
    ])
      expect('saved' in (await s.addContract(other, 'ayse', AT, contractProblems))).toBe(true);
    // A contract may be changed over its own nights.
    const moved = await s.updateContract(
      first.saved.id,
      july({ to: '2026-07-20' }),
      'ayse',
      AT,
      contractProblems,
    );
    expect(moved && 'saved' in moved).toBe(true);
    expect(await s.listContracts()).toHaveLength(4);
    expect(await e.rows('SELECT id FROM activity')).toHaveLength(5);
  });

  it("keeps each operator's stop-sale notice: sent, confirmed by hand or taken back, gone with the stop-sale", async () => {
    const s = e.store;
    const stop = await s.addStopSale({
      codeKind: 'roomType',
      hotelCode: 'DZ',
      from: '2026-08-01',
      to: '2026-08-05',
      user: 'A',
      at: AT,
    });
    expect(await s.markStopSaleNoticeSent(stop.id, 'AG1', 'Ayşe', '2026-07-20T09:00:00.000Z')).toBe(true);
    expect(await s.setStopSaleConfirmed(stop.id, 'AG1', true, 'Mehmet', '2026-07-21T10:00:00.000Z')).toBe(
      true,
    );
    expect(await s.setStopSaleConfirmed(stop.id, 'AG2', true, 'Mehmet', '2026-07-21T10:00:00.000Z')).toBe(
      true,
    );
    expect(await s.setStopSaleConfirmed(stop.id, 'AG2', false, 'Mehmet', '2026-07-21T11:00:00.000Z')).toBe(
      true,
    );
    expect(await s.listStopSaleNotices()).toEqual([
      {
        stopSaleId: stop.id,
        agencyId: 'AG1',
        sentAt: '2026-07-20T09:00:00.000Z',
        sentBy: 'Ayşe',
        confirmedAt: '2026-07-21T10:00:00.000Z',
        confirmedBy: 'Mehmet',
      },
      {
        stopSaleId: stop.id,
        agencyId: 'AG2',
        sentAt: null,
        sentBy: null,
        confirmedAt: null,
        confirmedBy: null,
      },
    ]);
    expect(await s.markStopSaleNoticeSent(stop.id + 1000, 'AG1', 'Ayşe', AT)).toBe(false);
    await s.removeStopSale(stop.id, 'A', AT);
    expect(await s.listStopSaleNotices()).toEqual([]);
  });

  it('counts no night for a check-in that is no date, and still stores the page', async () => {
    const stay = (keyField: string, logId: number, checkIn: string) =>
      makeReservation({
        keyField,
        logId,
        voucherNo: keyField,
        agencyId: 'AG9',
        roomTypeId: 'DBL',
        checkIn,
        checkOut: '2026-07-12',
        nights: 2,
        roomCount: 2,
        confirmationStatus: 'E',
      });
    await e.store.importBatch([stay('N1', 1, '2026-07-10'), stay('N2', 2, 'soon'), stay('N3', 3, '')], AT);
    const rows = await e.rows(
      `SELECT night, used, asked FROM allotment_nights WHERE agency_id = 'AG9' ORDER BY night`,
    );
    expect(rows.map((r) => [r['night'], Number(r['used']), Number(r['asked'])])).toEqual([
      ['2026-07-10', 2, 0],
      ['2026-07-11', 2, 0],
    ]);
    expect(await e.rows(`SELECT key_field FROM reservations ORDER BY key_field`)).toHaveLength(3);
  });

  it("counts a page's stays as the tables' own rule does: past a month's end, over 62 nights, out before in", async () => {
    // The import counts a page's nights itself; the triggers take them back by the tables' SQL rule. Declining
    // every stay must leave every count at zero: a night counted otherwise stays behind, or goes below zero.
    // The year 99 too: JavaScript's Date.UTC would read it as 1999.
    const dateArb = fc
      .tuple(
        fc.constantFrom(99, 2023, 2024, 2026),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
      )
      .map((parts) => parts.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-'));
    const textArb = fc.oneof(
      dateArb,
      dateArb.map((d) => `${d}T14:00:00`),
      fc.constantFrom('', 'soon', '2026-13-01', '2026-02-00', '2026-7-1'),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            agencyId: fc.constantFrom('AG1', 'AG2'),
            roomTypeId: fc.constantFrom('DBL', 'SGL'),
            checkIn: textArb,
            checkOut: fc.oneof(textArb, fc.integer({ min: -3, max: 90 })),
            roomCount: fc.integer({ min: 1, max: 3 }),
            confirmationStatus: fc.constantFrom('W' as const, 'E' as const, 'H' as const),
            pmsStatus: fc.constantFrom(0, 2, 3),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (stays) => {
          run += 1;
          await e.store.importBatch(
            stays.map((st, i) =>
              makeReservation({
                keyField: `R${run}-${i}`,
                logId: run * 1000 + i,
                agencyId: `${st.agencyId}-${run}`,
                roomTypeId: st.roomTypeId,
                checkIn: st.checkIn,
                // A number: that many days after a check-in that is a date.
                checkOut:
                  typeof st.checkOut === 'string' || !/^\d{4}-\d\d-\d\d/.test(st.checkIn)
                    ? String(st.checkOut)
                    : addDays(st.checkIn.slice(0, 10), st.checkOut),
                roomCount: st.roomCount,
                confirmationStatus: st.confirmationStatus,
                pmsStatus: st.pmsStatus,
              }),
            ),
            AT,
          );
          await e.rows(
            `UPDATE reservations SET confirmation_status = 'H' WHERE key_field LIKE 'R${run}-%' RETURNING id`,
          );
          const left = await e.rows(
            `SELECT agency_id, room_type_id, night, used, asked FROM allotment_nights
             WHERE agency_id LIKE '%-${run}' AND (used <> 0 OR asked <> 0)`,
          );
          expect(left).toEqual([]);
        },
      ),
      { numRuns: propertyRuns(40) },
    );
    // A day past February's end rolls over, as SQLite's date() and the hotel database's resdesk_day read it.
    await e.store.importBatch(
      [
        makeReservation({
          keyField: 'FEB',
          logId: 999_999,
          agencyId: 'AGF',
          roomTypeId: 'DBL',
          checkIn: '2026-02-30',
          checkOut: '2026-03-03',
          roomCount: 2,
          confirmationStatus: 'E',
        }),
      ],
      AT,
    );
    const feb = await e.rows(
      `SELECT night, used FROM allotment_nights WHERE agency_id = 'AGF' ORDER BY night`,
    );
    expect(feb.map((r) => [r['night'], Number(r['used'])])).toEqual([['2026-03-02', 2]]);
  });

  it('counts the use of each night as a plain model does, over any stays', async () => {
    const agencies = ['AG1', 'AG2'] as const;
    const stayArb = fc.record({
      agencyId: fc.constantFrom(...agencies),
      roomTypeId: fc.constantFrom('DBL', 'DBL2', 'SGL', 'NOPE'),
      checkIn: fc.integer({ min: 0, max: 50 }),
      nights: fc.integer({ min: 0, max: 9 }),
      roomCount: fc.integer({ min: 1, max: 3 }),
      confirmationStatus: fc.constantFrom('W' as const, 'E' as const, 'H' as const),
      pmsStatus: fc.constantFrom(0, 2, 3),
    });
    const contractArb = fc.record({
      agencyId: fc.constantFrom(...agencies),
      roomType: fc.constantFrom('DZ', 'EZ'),
      start: fc.integer({ min: 0, max: 40 }),
      length: fc.integer({ min: 0, max: 20 }),
      rooms: fc.integer({ min: 0, max: 4 }),
      weekdays: fc.option(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 7, maxLength: 7 })),
      releaseDays: fc.integer({ min: 0, max: 30 }),
    });
    const base = '2026-06-20';
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(stayArb, { maxLength: 30 }),
        fc.array(contractArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
        async (stays, contracts, todayAt) => {
          const s = e.store;
          // Each run its own operators, so the reservations of earlier runs count for none of its contracts.
          run += 1;
          const op = (a: string): string => `${a}-${run}`;
          for (const old of await s.listContracts()) await s.removeContract(old.id, 'x', AT);
          for (const c of contracts)
            await s.addContract(
              july({
                agencyId: op(c.agencyId),
                roomType: c.roomType,
                from: addDays(base, c.start),
                to: addDays(base, c.start + c.length),
                rooms: c.rooms,
                weekdayRooms: c.weekdays,
                releaseDays: c.releaseDays,
              }),
              'x',
              AT,
              contractProblems,
            );
          const kept = await s.listContracts();
          const reservations: Reservation[] = stays.map((st, i) =>
            makeReservation({
              keyField: `S${run}-${i}`,
              logId: run * 1000 + i,
              agencyId: op(st.agencyId),
              roomTypeId: st.roomTypeId,
              checkIn: addDays(base, st.checkIn),
              checkOut: addDays(base, st.checkIn + st.nights),
              nights: st.nights,
              roomCount: st.roomCount,
              confirmationStatus: st.confirmationStatus,
              pmsStatus: st.pmsStatus,
            }),
          );
          if (reservations.length > 0) await s.importBatch(reservations, AT);
          const mappings = (
            [
              ['AG1', 'DBL', 'DZ'],
              ['AG1', 'DBL2', 'DZ'],
              ['AG2', 'DBL', 'DZ'],
              ['AG1', 'SGL', 'EZ'],
              ['AG2', 'SGL', 'EZ'],
            ] as const
          ).map(([agencyId, channelCode, hotelCode]) => ({
            agencyId: op(agencyId),
            kind: 'roomType' as const,
            channelCode,
            hotelCode,
          }));
          const codes = new MappedCodes();
          for (const m of mappings) codes.add(m);
          const from = addDays(base, 10);
          const to = addDays(base, 45);
          const today = addDays(base, todayAt);
          const input = await s.allotmentInput(from, to);
          const got = allotmentUse(input.contracts, input.nights, (a) => codes.of(a), { from, to, today });

          // The plain model: for each contracted night in the window, every reservation of this import, one by one.
          const expected: AllotmentNight[] = [];
          const key = (c: { agencyId: string; roomType: string; from: string }): string =>
            `${c.agencyId}\u0000${c.roomType}\u0000${c.from}`;
          const stored = [...kept].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
          for (const c of stored)
            for (let night = c.from; night <= c.to; night = addDays(night, 1)) {
              if (night < from || night > to) continue;
              let used = 0;
              let asked = 0;
              for (const r of reservations) {
                const mapped = mappings.find(
                  (m) => m.agencyId === r.agencyId && m.channelCode === r.roomTypeId,
                );
                const counts =
                  r.agencyId === c.agencyId &&
                  mapped?.hotelCode === c.roomType &&
                  r.pmsStatus !== 3 &&
                  r.confirmationStatus !== 'H' &&
                  r.checkIn <= night &&
                  night < r.checkOut;
                if (!counts) continue;
                if (r.confirmationStatus === 'W') asked += r.roomCount;
                else used += r.roomCount;
              }
              const allotted = roomsOn(c, night);
              const releaseOn = addDays(night, -c.releaseDays);
              expected.push({
                contractId: c.id,
                agencyId: c.agencyId,
                roomType: c.roomType,
                night,
                kind: c.kind,
                allotted,
                used,
                asked,
                free: allotted - used,
                releaseOn,
                released: today >= releaseOn,
              });
            }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  }, 120_000);
});
