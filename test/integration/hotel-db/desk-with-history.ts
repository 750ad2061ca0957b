// A desk's SQLite file with history, made the real way: a real sync from the practice service (arrivals,
// changes, cancellations over several polls, answers sent back), then the receptionists' work through the
// store's own functions: code mappings, the hotel's codes, PMS marks, stop-sales, activity, settings, a
// reservation set aside, a decision still waiting and acknowledgements not yet sent.
import path from 'node:path';
import { startPracticeService } from '../../../main/sandbox';
import type { Store } from '../../../main/store';
import { control, openDesk } from '../sync/helpers';
import { generateReservations } from '../../unit/store/fixtures';
import { contractProblems } from '../../../shared/contract-problems';

const AT = '2026-07-01T09:00:00.000Z';

/** Builds the desk in `dir` (desk.db); returns the file. */
export async function deskWithHistory(dir: string): Promise<string> {
  const service = await startPracticeService({ port: 0, reservations: 120, seed: 27, fileReadyAfterMs: 20 });
  const desk = openDesk(dir, service.url);
  const store: Store = desk.store;
  try {
    const first = await desk.sync();
    if (first.error) throw new Error(first.error);
    await control(service.url, 'arrive', { count: 6 });
    await control(service.url, 'change', { count: 4 });
    await control(service.url, 'cancel', { count: 2 });
    const second = await desk.sync();
    if (second.error) throw new Error(second.error);

    const waiting = store.db
      .prepare<[], { keyField: string; agencyId: string }>(
        `SELECT key_field AS keyField, agency_id AS agencyId FROM reservations
          WHERE confirmation_status = 'W' AND change_kind <> 'cancelled' ORDER BY id LIMIT 3`,
      )
      .all();
    const [confirmed, declined, held] = waiting;
    if (!confirmed || !declined || !held)
      throw new Error('the practice service sent too few waiting reservations');
    const reason = store.listNotConfirmMessages('tr-TR')[0]?.id ?? 'NOROOM';
    await desk.decide({ keyField: confirmed.keyField, action: 'confirm', note: 'Oda hazır', user: 'Ayşe' });
    await desk.decide({ keyField: declined.keyField, action: 'decline', reasonId: reason, user: 'Ömer' });
    await desk.pushNow();
    // Still waiting to be sent when the desk moves: it must arrive as it is.
    await desk.decide({ keyField: held.keyField, action: 'confirm', user: 'Ayşe', holdSeconds: 3600 });
    const third = await desk.sync();
    if (third.error) throw new Error(third.error);

    const agency = confirmed.agencyId;
    store.addHotelCode({
      kind: 'roomType',
      code: 'DBL-SEA',
      name: 'Deniz manzaralı çift',
      user: 'Ayşe',
      at: AT,
    });
    store.setMapping({
      agencyId: agency,
      kind: 'roomType',
      channelCode: 'DZ',
      hotelCode: 'DBL-SEA',
      user: 'Ayşe',
      at: AT,
    });
    store.setMapping({
      agencyId: agency,
      kind: 'board',
      channelCode: 'HB',
      hotelCode: 'YP',
      user: 'Ömer',
      at: AT,
    });
    const current = store.getReservation(confirmed.keyField);
    if (current)
      store.markEntered(
        [{ keyField: current.keyField, logId: current.logId, pmsReference: 'PMS-1' }],
        'Ayşe',
        AT,
      );
    store.addContract(
      {
        agencyId: 'AG1',
        roomType: 'DBL-SEA',
        from: '2026-07-01',
        to: '2026-08-31',
        rooms: 6,
        weekdayRooms: [6, 6, 6, 6, 6, 9, 9],
        kind: 'normal',
        releaseDays: 14,
        note: 'Yaz',
      },
      'Ayşe',
      AT,
      contractProblems,
    );
    const closed = store.addStopSale({
      codeKind: 'roomType',
      hotelCode: 'DBL-SEA',
      from: '2026-08-01',
      to: '2026-08-10',
      note: 'Tadilat',
      user: 'Ayşe',
      at: AT,
    });
    store.markStopSaleNoticeSent(closed.id, 'AG1', 'Ayşe', AT);
    const removed = store.addStopSale({
      codeKind: 'room',
      hotelCode: '101',
      from: '2026-08-02',
      to: '2026-08-03',
      user: 'Ayşe',
      at: AT,
    });
    store.removeStopSale(removed.id, 'Ayşe', AT);
    store.addStopSale({
      codeKind: 'room',
      hotelCode: '102',
      from: '2026-09-01',
      to: '2026-09-01',
      user: 'Ömer',
      at: AT,
    });
    store.addActivity({ at: AT, user: 'Ayşe', action: 'settings', keyField: null, detail: 'poll 30 s' });
    store.setSetting('setup', { partnerId: 1001, serviceUrl: service.url, user: 'demo', deskUser: 'Ayşe' });
    store.setSetting('sync.pollIntervalSeconds', 30);
    store.recordUnreadable(
      [
        {
          operation: 'reservation list',
          field: 'Adults',
          expected: 'a whole number',
          keyField: '1001|X|1',
          logId: 999_001,
          serviceId: 'S-X',
          text: '{"Adults":"iki"}',
        },
      ],
      AT,
    );
    // Imported but not yet acknowledged: the acknowledgements still owed move too.
    const owed = generateReservations(3, 5, 70_000);
    store.importBatch(owed, AT);
    // The same LogId again with its answer moved on (confirmed at the service): the raw item is kept beside it.
    const [movedOn] = owed;
    if (movedOn)
      store.importBatch(
        [{ ...movedOn, confirmationStatus: movedOn.confirmationStatus === 'E' ? 'H' : 'E' }],
        '2026-07-01T10:00:00.000Z',
      );
    return path.join(dir, 'desk.db');
  } finally {
    await desk.close();
    store.close();
    await service.close();
  }
}
