// Against the practice service's identity oddities (main/sandbox/id-oddities.ts): LogIds reused
// for another reservation (same ServiceId or another), a change that keeps its LogId, another hotel's
// number. The desk syncs through its real client in both formats; whatever the service does, nothing the
// desk did not store is acknowledged, no reservation is taken for another, every cycle goes through and
// the odd ones are shown (set aside).
import { afterEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { control, openDesk, storedLogIds, tempDir } from './helpers';

interface Identity {
  kind: 'reusedLogId' | 'silentChange' | 'foreignHotel';
  keyField: string;
  logId: number;
  serviceId: string;
  sharedWith?: string;
  service?: 'same' | 'other';
}
interface State {
  acknowledged: { logId: number; serviceId: string }[];
  oddities: { identities: Identity[] };
}
const state = async (url: string): Promise<State> =>
  (await fetch(`${url}/_sandbox/state`)).json() as Promise<State>;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(format: 'json' | 'xml'): Promise<{ service: PracticeService; desk: Desk }> {
  const service = await startPracticeService({
    port: 0,
    reservations: 1500,
    seed: 7,
    fileReadyAfterMs: 30,
    oddities: ['logIds', 'foreignHotel'],
  });
  const temp = tempDir('resdesk-practice-odd-');
  const desk = openDesk(temp.dir, service.url, format);
  cleanups.push(
    temp.remove,
    () => desk.store.close(),
    () => desk.close(),
    () => service.close(),
  );
  return { service, desk };
}

/** Every acknowledged (ServiceId, LogId) is a version stored under that ServiceId. */
function expectAcknowledgedStored(desk: Desk, acknowledged: State['acknowledged']): void {
  const stored = new Map(
    desk.store.db
      .prepare<[], { logId: number; serviceId: string }>(
        `SELECT v.log_id AS logId, r.service_id AS serviceId
         FROM reservation_versions v JOIN reservations r ON r.id = v.reservation_id`,
      )
      .all()
      .map((row) => [row.logId, row.serviceId.toLowerCase()]),
  );
  for (const a of acknowledged)
    expect(stored.get(a.logId), `LogId ${a.logId}`).toBe(a.serviceId.toLowerCase());
}

describe.each(['json', 'xml'] as const)('the practice service with identity oddities (%s)', (format) => {
  it('seeded: reused LogIds and other hotels are set aside, never stored or acknowledged as ours', async () => {
    const { service, desk } = await start(format);
    const report = await desk.sync();
    expect(report.error).toBeNull();
    const { acknowledged, oddities } = await state(service.url);
    const reused = oddities.identities.filter((o) => o.kind === 'reusedLogId');
    const foreign = oddities.identities.filter((o) => o.kind === 'foreignHotel');
    expect(reused.length).toBeGreaterThan(0);
    expect(foreign.length).toBeGreaterThan(0);

    expectAcknowledgedStored(desk, acknowledged);
    const aside = new Map(desk.store.listUnreadable().map((u) => [u.keyField, u]));
    for (const o of foreign) {
      expect(desk.store.getReservation(o.keyField)).toBeNull();
      expect(aside.get(o.keyField)?.reason).toBe('other-hotel');
    }
    // Of two reservations with one LogId, the one listed first is stored; the other is shown, not taken.
    for (const o of reused) {
      const owner = desk.store.versions(o.sharedWith ?? '').some((v) => v.logId === o.logId);
      const odd = owner ? o.keyField : (o.sharedWith ?? '');
      expect(desk.store.versions(odd).some((v) => v.logId === o.logId)).toBe(false);
      expect(aside.get(odd)?.reason).toBe('log-id-reused');
    }
    expect(desk.store.openUnreadableCount()).toBeGreaterThanOrEqual(foreign.length + reused.length);

    // The next cycles go through too, and acknowledge nothing that is not stored.
    for (let i = 0; i < 2; i++) expect((await desk.sync()).error).toBeNull();
    expectAcknowledgedStored(desk, (await state(service.url)).acknowledged);
  });

  it('by control: another hotel, a reused LogId under another ServiceId, a change that keeps its LogId', async () => {
    const { service, desk } = await start(format);
    expect((await desk.sync()).error).toBeNull();
    const [first, second] = desk.store.inboxPage({
      filter: { kinds: ['new'], statuses: ['W'] },
      sort: 'checkIn',
      direction: 'asc',
      offset: 0,
      limit: 2,
    }).rows;
    if (!first || !second) throw new Error('need reservations');
    const adultsBefore = desk.store.getReservation(second.keyField)?.adults;
    const foreign = (await control(service.url, 'arrive', { hotelNumber: 1003 })) as {
      reservations: { keyField: string }[];
    };
    const borrowed = (await control(service.url, 'arrive', {
      logIdOf: first.keyField,
      serviceId: 'other',
    })) as {
      reservations: { keyField: string; logId: number }[];
    };
    await control(service.url, 'change', { keyField: second.keyField, keepLogId: true });
    const before = storedLogIds(desk.store);

    // An incremental pull, then a reconciling one (a change that keeps its LogId shows only in a full read).
    expect((await desk.sync()).error).toBeNull();
    expect((await desk.sync({ reconcileEveryMs: 0 })).error).toBeNull();

    const foreignKey = foreign.reservations[0]?.keyField ?? '';
    const borrower = borrowed.reservations[0]?.keyField ?? '';
    expect(desk.store.getReservation(foreignKey)).toBeNull();
    expect(desk.store.getReservation(borrower)).toBeNull();
    const aside = new Map(desk.store.listUnreadable().map((u) => [u.keyField, u]));
    expect(aside.get(foreignKey)).toMatchObject({ reason: 'other-hotel' });
    expect(aside.get(borrower)).toMatchObject({ reason: 'log-id-reused' });
    expect(aside.get(second.keyField)).toMatchObject({ reason: 'content-differs', resolved: false });
    // The stored version is the one the receptionist saw; nothing new was stored under its LogId.
    expect(desk.store.getReservation(second.keyField)?.adults).toBe(adultsBefore);
    expect([...storedLogIds(desk.store)].filter((id) => !before.has(id))).toEqual([]);
    const { acknowledged, oddities } = await state(service.url);
    expectAcknowledgedStored(desk, acknowledged);
    // The borrowed LogId was acknowledged for its owner's ServiceId, never for the borrower's.
    const odd = oddities.identities.find((o) => o.keyField === borrower);
    expect(odd).toMatchObject({ kind: 'reusedLogId', service: 'other' });
    const same = (a: { logId: number; serviceId: string }, o: Identity) =>
      a.logId === o.logId && a.serviceId.toLowerCase() === o.serviceId.toLowerCase();
    expect(acknowledged.some((a) => odd !== undefined && same(a, odd))).toBe(false);
    expect(acknowledged.some((a) => a.logId === odd?.logId)).toBe(true);
  });
});
