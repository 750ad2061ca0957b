// Pull against the real practice service: the large-result file path, acknowledgement after commit,
// idempotence, and an idle cycle that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { control, openDesk, reservationCount, sandboxState, storedLogIds, tempDir } from './helpers';

for (const format of ['json', 'xml'] as const) {
  describe(`pull through the file path (${format})`, () => {
    let service: PracticeService;
    let desk: Desk;
    let temp: ReturnType<typeof tempDir>;

    beforeAll(async () => {
      service = await startPracticeService({ port: 0, reservations: 1500, seed: 11, fileReadyAfterMs: 300 });
      temp = tempDir(`resdesk-pull-${format}-`);
      desk = openDesk(temp.dir, service.url, format);
    });
    afterAll(async () => {
      await desk.close();
      desk.store.close();
      await service.close();
      temp.remove();
    });

    it('imports all 1500 through the file, acknowledges every stored LogId, and the next run gets nothing', async () => {
      const first = await desk.sync();
      expect(first.error).toBeNull();
      expect(reservationCount(desk.store)).toBe(1500);
      const state = await sandboxState(service.url);
      const acknowledged = new Set(state.acknowledged.map((a) => a.logId));
      const stored = storedLogIds(desk.store);
      expect(acknowledged.size).toBe(1500);
      for (const id of acknowledged) expect(stored.has(id)).toBe(true);
      expect(desk.store.pendingAcknowledgements()).toEqual([]);
      // The service really had to use the file flow.
      expect(state.requests.some((r) => /checkreservationfile/i.test(r.path))).toBe(true);
      expect(state.requests.some((r) => /\/upload\/reservations\//i.test(r.path))).toBe(true);

      const before = desk.store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
      const second = await desk.sync();
      expect(second.error).toBeNull();
      expect(second.pulled.received).toBe(0);
      const after = desk.store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
      expect(after.n).toBe(before.n);
    });

    it('brings a change, a cancellation and a new arrival in with their kinds, once', async () => {
      const [target, other] = desk.store.inboxPage({
        filter: { kinds: ['new'], statuses: ['W'] },
        sort: 'checkIn',
        direction: 'asc',
        offset: 0,
        limit: 2,
      }).rows;
      if (!target || !other) throw new Error('need reservations');
      await control(service.url, 'change', { keyField: target.keyField });
      await control(service.url, 'cancel', { keyField: other.keyField });
      await control(service.url, 'arrive', { count: 2 });
      const report = await desk.sync();
      expect(report.pulled.changed).toContain(target.keyField);
      expect(report.pulled.cancelled).toContain(other.keyField);
      expect(report.pulled.new.length).toBe(2);
      expect(reservationCount(desk.store)).toBe(1502);
      expect(desk.store.versions(target.keyField).length).toBe(2);
      expect(desk.store.versions(target.keyField)[0]?.changes.length).toBeGreaterThan(0);
      const again = await desk.sync();
      expect(again.pulled.received).toBe(0);
    });
  });
}

describe('reconcile', () => {
  it('picks up a confirmation made elsewhere through the E list', async () => {
    const service = await startPracticeService({ port: 0, reservations: 30, seed: 5 });
    const temp = tempDir('resdesk-reconcile-');
    const desk = openDesk(temp.dir, service.url);
    try {
      await desk.sync();
      const row = desk.store.inboxPage({
        filter: { statuses: ['W'], kinds: ['new'] },
        sort: 'checkIn',
        direction: 'asc',
        offset: 0,
        limit: 1,
      }).rows[0];
      if (!row) throw new Error('no waiting reservation');
      const r = desk.store.getReservation(row.keyField);
      if (!r) throw new Error('missing');
      // Someone confirms it on another system, straight against the service.
      const login = await fetch(`${service.url}/api/system/login?user=demo&pass=demo&format=json`);
      const token = (await login.json()) as string;
      const q = new URLSearchParams({
        keyField: r.keyField,
        agencyId: r.agencyId,
        partnerId: '1001',
        confirmationStatus: 'E',
        format: 'json',
      });
      const answer = await fetch(`${service.url}/api/pax/sendconfirmation?${q}`, {
        headers: { Token: token },
      });
      expect(answer.status).toBe(200);
      const report = await desk.sync({ reconcileEveryMs: 0 });
      expect(report.error).toBeNull();
      expect(desk.store.getReservation(r.keyField)?.confirmationStatus).toBe('E');
    } finally {
      await desk.close();
      desk.store.close();
      await service.close();
      temp.remove();
    }
  });
});
