// What happens to a hotel's reservations that the pre-confirm checks must follow: bookings stored and changed,
// cancellations, answers, mappings, stop-sales and allotments, as fast-check events applied through a DeskStore (either
// engine). The desk's incremental checks are compared with a full rebuild after each (checks-incremental on
// SQLite, hotel-db/checks-engines on PostgreSQL).
import fc from 'fast-check';
import { DecisionRefused } from '../../main/store';
import type { DeskStore } from '../../main/store/engines/desk-store';
import type { Reservation } from '../../shared/domain';
import { makeGuest, makeReservation } from '../unit/store/fixtures';
import { contractProblems } from '../../shared/contract-problems';

export const AT = '2026-07-01T09:00:00.000Z';

// Small pools, so vouchers, names and days collide often; placeholders, lone words, unknown birth dates
// and a check-in that is no date are among them.
const keyField = fc.constantFrom('K1', 'K2', 'K3', 'K4', 'K5', 'K6');
const guest = fc.record({
  name: fc.constantFrom('YILMAZ AYŞE', 'Yılmaz Ayşe', 'IŞIK MEHMET', 'ISIK MEHMET', 'N N', 'MÜLLER'),
  birthDate: fc.constantFrom(null, '1980-01-02T00:00:00', '1975-05-05T00:00:00', '0001-01-01T00:00:00'),
  title: fc.constantFrom('Mr', 'Mrs'),
});
const booking = fc.record({
  keyField,
  agencyId: fc.constantFrom('AG1', 'AG2'),
  voucherNo: fc.constantFrom('V1', ' v1', 'V2', ''),
  checkIn: fc.constantFrom('2026-07-01', '2026-07-01', '2026-07-05', '2026-08-01', 'soon'),
  pmsStatus: fc.constantFrom(0, 2),
  // Some come already confirmed (the service's E): they use the operator's allotment at once.
  confirmationStatus: fc.constantFrom('W' as const, 'W' as const, 'E' as const),
  roomCount: fc.constantFrom(1, 2),
  guests: fc.array(guest, { maxLength: 3, size: 'max' }),
});
export const checkEvent = fc.oneof(
  { arbitrary: booking.map((b) => ({ type: 'store' as const, ...b })), weight: 5 },
  keyField.map((k) => ({ type: 'cancel' as const, keyField: k })),
  fc.record({ keyField, action: fc.constantFrom('confirm' as const, 'decline' as const) }).map((d) => ({
    type: 'decide' as const,
    ...d,
  })),
  fc
    .record({ channelCode: fc.constantFrom('R1', 'DBL', 'AI'), hotelCode: fc.constantFrom('STD', 'DZ', '') })
    .map((m) => ({ type: 'map' as const, ...m })),
  fc.constantFrom('2026-07-03', '2026-07-10').map((from) => ({ type: 'stopSale' as const, from })),
  // The operator's allotment of DZ for July, replaced whole: none left, one or two rooms, released or not.
  fc
    .record({
      rooms: fc.constantFrom(0, 1, 2),
      kind: fc.constantFrom('guaranteed' as const, 'normal' as const),
      releaseDays: fc.constantFrom(0, 10, 40),
    })
    .map((c) => ({ type: 'contract' as const, ...c })),
);
export type CheckEvent = typeof checkEvent extends fc.Arbitrary<infer E> ? E : never;

/** Events with the allotment checked from the start: AG1's DBL is the hotel's DZ, of which it holds two rooms. */
export const withAllotment = (events: readonly CheckEvent[]): CheckEvent[] => [
  { type: 'map', channelCode: 'DBL', hotelCode: 'DZ' },
  { type: 'contract', rooms: 2, kind: 'normal', releaseDays: 0 },
  ...events,
];

/** What the checks must be told of an event (DeskChecks' three signals). */
export type CheckSignal = 'reservationsChanged' | 'decisionMoved' | 'invalidate';

/** A desk to apply events to: its store, and how an answer is recorded as sent (fenced on PostgreSQL). */
export interface EventDesk {
  store: DeskStore;
  markSent(id: number): Promise<unknown>;
}

let logId = 0;

/** Applies one event to every desk alike; returns the signal the desk's checks get, or null when nothing moved. */
export async function applyCheckEvent(
  e: CheckEvent,
  desks: readonly EventDesk[],
): Promise<CheckSignal | null> {
  switch (e.type) {
    case 'store': {
      const { type: _type, guests, ...fields } = e;
      const r: Reservation = makeReservation({
        ...fields,
        logId: ++logId,
        checkOut: '2026-08-05',
        guests: guests.map((g) => makeGuest(g.name, e.keyField, { birthDate: g.birthDate, title: g.title })),
      });
      for (const desk of desks) await desk.store.importBatch([r], AT);
      return 'reservationsChanged';
    }
    case 'cancel': {
      const [first] = desks;
      const current = first ? await first.store.getReservation(e.keyField) : null;
      if (!current) return null;
      const { raw: _raw, ...rest } = current;
      const id = ++logId;
      for (const desk of desks)
        await desk.store.importBatch([{ ...rest, raw: {}, logId: id, pmsStatus: 3 }], AT);
      return 'reservationsChanged';
    }
    case 'decide': {
      for (const desk of desks) {
        const current = await desk.store.getReservation(e.keyField);
        if (!current) return null;
        try {
          const decision = await desk.store.enqueueDecision({
            keyField: e.keyField,
            action: e.action,
            note: '',
            reasonId: e.action === 'decline' ? 'full' : null,
            user: 'A',
            decidedAt: AT,
            basedOnLogId: current.logId,
          });
          await desk.markSent(decision.id);
        } catch (error) {
          if (!(error instanceof DecisionRefused)) throw error;
        }
      }
      return 'decisionMoved';
    }
    case 'map':
      for (const desk of desks)
        await desk.store.setMapping({
          agencyId: 'AG1',
          kind: e.channelCode === 'R1' ? 'room' : e.channelCode === 'DBL' ? 'roomType' : 'board',
          channelCode: e.channelCode,
          hotelCode: e.hotelCode,
          user: 'A',
          at: AT,
        });
      return 'invalidate';
    case 'contract':
      for (const desk of desks) {
        for (const old of await desk.store.listContracts()) await desk.store.removeContract(old.id, 'A', AT);
        const saved = await desk.store.addContract(
          {
            agencyId: 'AG1',
            roomType: 'DZ',
            from: '2026-07-01',
            to: '2026-07-31',
            rooms: e.rooms,
            weekdayRooms: null,
            kind: e.kind,
            releaseDays: e.releaseDays,
            note: '',
          },
          'A',
          AT,
          contractProblems,
        );
        if (!('saved' in saved)) throw new Error(`contract refused: ${JSON.stringify(saved.problems)}`);
      }
      return 'invalidate';
    case 'stopSale':
      for (const desk of desks)
        await desk.store.addStopSale({
          codeKind: 'roomType',
          hotelCode: 'DZ',
          from: e.from,
          to: e.from,
          user: 'A',
          at: AT,
        });
      return 'invalidate';
  }
}
