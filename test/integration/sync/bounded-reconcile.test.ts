// A reconcile between full reads reads only the days where the desk still holds something undecided
//, and still catches what a full read would about those: an answer given elsewhere (E, H)
// and a W that the service marked S or G, all in place under the same LogId. It reads the waiting list
// over those days, and E and H only where an undecided reservation left the waiting list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { LISTS_PER_WINDOW, MAX_WINDOWS } from '../../../main/sync/reconcile-windows';
import { control, openDesk, reservationCount, sandboxState, tempDir } from './helpers';

const TOTAL = 400;
const LEFT_WAITING = 12;

for (const format of ['json', 'xml'] as const) {
  describe(`a bounded reconcile (${format})`, () => {
    let service: PracticeService;
    let desk: Desk;
    let temp: ReturnType<typeof tempDir>;
    let waiting: string[];

    // Cancellations waiting to be taken in stay waiting here (the control settles only the others).
    const waitingKeys = (): string[] =>
      desk.store.db
        .prepare<[], string>(
          `SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND pms_status <> 3
            ORDER BY check_in, key_field`,
        )
        .pluck()
        .all();
    const status = (keyField: string) => desk.store.getReservation(keyField)?.confirmationStatus;
    const listCalls = (requests: { path: string }[]) =>
      requests.filter((r) => r.path.toLowerCase().startsWith('/api/pax/getreservationlist')).length;

    beforeAll(async () => {
      service = await startPracticeService({ port: 0, reservations: TOTAL, seed: 21, fileReadyAfterMs: 20 });
      temp = tempDir(`resdesk-bounded-${format}-`);
      desk = openDesk(temp.dir, service.url, format);
      expect((await desk.sync()).error).toBeNull();
      expect(reservationCount(desk.store)).toBe(TOTAL);
      // A hotel answers its list: all but a few were confirmed (here elsewhere, and learnt in a full read).
      const all = waitingKeys();
      const keep = new Set(all.filter((_, i) => i % Math.floor(all.length / LEFT_WAITING) === 0));
      for (const keyField of all)
        if (!keep.has(keyField)) await control(service.url, 'settle', { keyField, status: 'E' });
      expect((await desk.sync({ fullReadEveryMs: 0 })).error).toBeNull();
      waiting = waitingKeys();
      expect(waiting.length).toBeGreaterThanOrEqual(LEFT_WAITING);
      expect(desk.store.waitingCount().total).toBeLessThan(TOTAL / 10);
    });
    afterAll(async () => {
      await desk.close();
      desk.store.close();
      await service.close();
      temp.remove();
    });

    it('catches E, H, S and G given elsewhere while reading a fraction of the lists', async () => {
      const [confirmed, declined, sent, notSent] = waiting;
      if (!confirmed || !declined || !sent || !notSent) throw new Error('need four waiting reservations');
      await control(service.url, 'settle', { keyField: confirmed, status: 'E' });
      await control(service.url, 'settle', { keyField: declined, status: 'H' });
      await control(service.url, 'settle', { keyField: sent, status: 'S' });
      await control(service.url, 'settle', { keyField: notSent, status: 'G' });
      const before = (await sandboxState(service.url)).requests.length;

      // The incremental pull alone does not see an answer in place: the same LogId was reported.
      const plain = await desk.sync();
      expect(plain.error).toBeNull();
      expect(status(confirmed)).toBe('W');

      const report = await desk.sync({ reconcileEveryMs: 0 });
      expect(report.error).toBeNull();
      expect(status(confirmed)).toBe('E');
      expect(status(declined)).toBe('H');
      expect(status(sent)).toBe('S');
      expect(status(notSent)).toBe('G');
      expect(report.pulled.statusUpdated).toEqual(
        expect.arrayContaining([confirmed, declined, sent, notSent]),
      );
      // A full reconcile lists every reservation of the window; this one a small share of them.
      expect(report.pulled.received).toBeLessThan(TOTAL / 3);
      const requests = (await sandboxState(service.url)).requests.slice(before);
      // The plain poll's list, the bounded cycle's pull, the waiting list, and E and H only over the days
      // of the two answered elsewhere (S and G stay in the waiting list); no file.
      expect(listCalls(requests)).toBeGreaterThanOrEqual(3 + LISTS_PER_WINDOW);
      expect(listCalls(requests)).toBeLessThanOrEqual(3 + LISTS_PER_WINDOW * Math.min(2, MAX_WINDOWS));
      expect(requests.some((r) => /\/upload\/reservations\//i.test(r.path))).toBe(false);
    });

    it('leaves what it reads unreported-again and finds nothing new the second time, in two lists', async () => {
      const state = await sandboxState(service.url);
      const acknowledged = state.acknowledged.length;
      const before = state.requests.length;
      const again = await desk.sync({ reconcileEveryMs: 0 });
      expect(again.error).toBeNull();
      // Nothing answered elsewhere: the pull and the waiting list over the undecided days, no E or H.
      expect(listCalls((await sandboxState(service.url)).requests.slice(before))).toBe(2);
      expect(again.pulled.statusUpdated).toEqual([]);
      expect(again.pulled.new).toEqual([]);
      expect((await sandboxState(service.url)).acknowledged.length).toBe(acknowledged);
    });

    it('still brings a new arrival on a day with nothing undecided (the pull runs first)', async () => {
      const arrived = (await control(service.url, 'arrive', { checkIn: '2099-01-01' })) as {
        reservations: { keyField: string }[];
      };
      const keyField = arrived.reservations[0]?.keyField ?? '';
      const report = await desk.sync({ reconcileEveryMs: 0 });
      expect(report.error).toBeNull();
      // Outside the rolling window: neither the pull nor a reconcile asks for it.
      expect(desk.store.getReservation(keyField)).toBeNull();
      const near = (await control(service.url, 'arrive', { count: 1 })) as {
        reservations: { keyField: string }[];
      };
      const nearKey = near.reservations[0]?.keyField ?? '';
      const next = await desk.sync({ reconcileEveryMs: 0 });
      expect(next.pulled.new).toContain(nearKey);
      expect(status(nearKey)).toBe('W');
    });
  });
}
