// Faults from the practice service during pull and push: the sync converges, nothing is lost, nothing
// is acknowledged before it is stored, and nothing is confirmed twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { control, openDesk, reservationCount, sandboxState, storedLogIds, tempDir } from './helpers';

const KINDS = [
  'status500',
  'reset',
  'truncate',
  'html',
  'delay',
  'expireToken',
  'busy',
  'unavailable',
] as const;

describe('sync under faults', () => {
  let service: PracticeService;
  let desk: Desk;
  let temp: ReturnType<typeof tempDir>;

  beforeEach(async () => {
    service = await startPracticeService({ port: 0, reservations: 1200, seed: 3, fileReadyAfterMs: 100 });
    temp = tempDir('resdesk-faults-');
    desk = openDesk(temp.dir, service.url);
  });
  afterEach(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  async function assertNothingAcknowledgedUnstored(): Promise<void> {
    const state = await sandboxState(service.url);
    const stored = storedLogIds(desk.store);
    for (const a of state.acknowledged) expect(stored.has(a.logId)).toBe(true);
  }

  it.each(KINDS)('pull converges through %s faults', async (kind) => {
    await control(service.url, 'faults', { kind, share: 0.35, delayMs: 300 });
    for (let i = 0; i < 30; i++) {
      await desk.sync({ reconcileEveryMs: 1e12 });
      await assertNothingAcknowledgedUnstored();
      if (reservationCount(desk.store) === 1200 && desk.store.pendingAcknowledgements().length === 0) break;
    }
    await control(service.url, 'faults', null);
    const last = await desk.sync({ reconcileEveryMs: 1e12 });
    expect(last.error).toBeNull();
    expect(reservationCount(desk.store)).toBe(1200);
    expect(desk.store.pendingAcknowledgements()).toEqual([]);
    const state = await sandboxState(service.url);
    expect(new Set(state.acknowledged.map((a) => a.logId)).size).toBe(1200);
    await assertNothingAcknowledgedUnstored();
  });

  it.each(['reset', 'truncate', 'status500', 'html', 'busy', 'unavailable'] as const)(
    'a confirmation hit by %s is delivered exactly once',
    async (kind) => {
      await desk.sync();
      const row = desk.store.inboxPage({
        filter: { statuses: ['W'], kinds: ['new'] },
        sort: 'checkIn',
        direction: 'asc',
        offset: 0,
        limit: 1,
      }).rows[0];
      if (!row) throw new Error('no waiting reservation');
      await desk.decide({ keyField: row.keyField, action: 'confirm', note: 'fault test', user: 'Test' });
      await control(service.url, 'faults', { kind, count: 1, path: 'sendconfirmation' });
      const first = await desk.pushNow();
      expect(first.failed).toBe(1);
      // A lost line keeps it queued (pending, nothing for the person to do), and so do a sign-in page
      // answering instead of the service (not connected, sent later) and a busy service (it did not take the
      // answer, and asked to wait); a refusal is a failure.
      const queued = kind !== 'status500';
      expect(desk.store.decisionFor(row.keyField)?.state).toBe(queued ? 'pending' : 'failed');
      expect(desk.store.decisionFor(row.keyField)?.error).toBeTruthy();
      for (let i = 0; i < 3 && desk.store.decisionFor(row.keyField)?.state !== 'sent'; i++)
        await desk.pushNow();
      expect(desk.store.decisionFor(row.keyField)?.state).toBe('sent');
      const state = await sandboxState(service.url);
      const applied = state.confirmations.filter((c) => c.keyField === row.keyField);
      expect(applied.length).toBe(1);
      // Sent is final: later pushes never send it again.
      await desk.pushNow();
      expect(
        (await sandboxState(service.url)).confirmations.filter((c) => c.keyField === row.keyField).length,
      ).toBe(1);
    },
  );

  it.each(['busy', 'unavailable'] as const)(
    'a service %s with Retry-After is said as busy with the wait, not as offline, and the next cycle waits as asked',
    async (kind) => {
      await desk.sync();
      await control(service.url, 'faults', { kind, count: 5, delayMs: 90_000 });
      const report = await desk.sync({ referenceEveryMs: 0 });
      expect(report.reachable).toBe(true);
      expect(report.error).toBe(
        'The reservation service is busy and asked Resdesk to wait 90 seconds. Resdesk tries again by itself then; nothing needs doing.',
      );
      expect(report.waitMs).toBe(90_000);
    },
  );
});
