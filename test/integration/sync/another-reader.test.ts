// Another program emptying the same account's queue. A second exchange client (same user) pulls
// with IsSendRequired and reports each new arrival before the desk's pull: the desk then gets it only from
// the waiting list of its bounded reconcile, and after two such reconciles its evidence is a sign. The same
// cycles with no other program leave no evidence at all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { createExchangeClient, type ExchangeClient } from '../../../main/exchange';
import type { Desk } from '../../../main/operations/desk';
import { checkInWindow } from '../../../main/sync/checkin-window';
import { EVIDENCE_KEY, readEvidence, readerStatus } from '../../../main/sync/another-reader';
import type { Reservation } from '../../../shared/domain';
import { control, openDesk, tempDir } from './helpers';

const GUEST = 'Quillon Vexbridge';

describe('another program on the same account', () => {
  let service: PracticeService;
  let desk: Desk;
  let temp: ReturnType<typeof tempDir>;
  let other: ExchangeClient;
  const lines: string[] = [];

  beforeEach(async () => {
    service = await startPracticeService({ port: 0, reservations: 40, seed: 31, fileReadyAfterMs: 20 });
    temp = tempDir('resdesk-another-reader-');
    desk = openDesk(temp.dir, service.url, 'json', {
      info: () => undefined,
      warn: (m) => lines.push(m),
      error: () => undefined,
    });
    other = createExchangeClient({
      baseUrl: service.url,
      user: 'demo',
      partnerId: 1001,
      format: 'json',
      getPassword: async () => 'demo',
    });
    lines.length = 0;
    // The first sync: everything is new to the desk and nothing of it is evidence.
    expect((await desk.sync()).error).toBeNull();
  });
  afterEach(async () => {
    await other.close();
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  const evidence = () => readEvidence(desk.store.getSetting<unknown>(EVIDENCE_KEY, null));
  const sign = () => readerStatus(evidence(), false, new Date());

  /** A day where the desk holds something undecided: its bounded reconcile reads the waiting list there. */
  const undecidedDay = (): string =>
    desk.store.db
      .prepare<[], string>(
        `SELECT check_in FROM reservations WHERE confirmation_status = 'W' AND pms_status <> 3
          ORDER BY check_in LIMIT 1`,
      )
      .pluck()
      .get() ?? '';

  const arrive = async (): Promise<string> => {
    const arrived = (await control(service.url, 'arrive', { checkIn: undecidedDay(), leadGuest: GUEST })) as {
      reservations: { keyField: string }[];
    };
    return arrived.reservations[0]?.keyField ?? '';
  };

  /** What the other program does: take what is new and report it, as a desk would. */
  const otherTakesTheQueue = async (): Promise<number> => {
    const taken: Reservation[] = [];
    await other.fetchReservations(
      { ...checkInWindow(new Date()), isSendRequired: true, onUnreadable: () => undefined },
      async (batch) => {
        taken.push(...batch);
      },
    );
    for (const serviceId of new Set(taken.map((r) => r.serviceId)))
      await other.postSentLogIds(
        serviceId,
        taken.filter((r) => r.serviceId === serviceId).map((r) => r.logId),
      );
    return taken.length;
  };

  it('shows the sign after two bounded reconciles that found arrivals only in the waiting list', async () => {
    const first = await arrive();
    expect(await otherTakesTheQueue()).toBe(1);
    const one = await desk.sync({ reconcileEveryMs: 0 });
    expect(one.error).toBeNull();
    // Still stored: the waiting list brought it.
    expect(desk.store.getReservation(first)?.keyField).toBe(first);
    expect(evidence().runs.map((r) => r.keyFields)).toEqual([[first]]);
    // One version in one reconcile may have landed between the pull and the list read: no sign yet.
    expect(sign()).toBeNull();
    expect(lines.filter((l) => l.startsWith('another reader?'))).toHaveLength(1);
    expect(lines[0]).toContain('1 reservation version');

    const second = await arrive();
    expect(await otherTakesTheQueue()).toBe(1);
    expect((await desk.sync({ reconcileEveryMs: 0 })).error).toBeNull();
    expect(desk.store.getReservation(second)?.keyField).toBe(second);
    const status = sign();
    expect(status).not.toBeNull();
    expect(status?.reservations).toBe(2);
    expect(status?.safeMode).toBe(false);
    // KeyFields only: the guest's name is not kept with the evidence.
    const saved = JSON.stringify(desk.store.getSetting<unknown>(EVIDENCE_KEY, null));
    expect(saved).toContain(second);
    expect(saved).not.toContain('Vexbridge');
  });

  it('with no other program the same cycles leave no evidence', async () => {
    for (let i = 0; i < 3; i++) {
      const keyField = await arrive();
      const report = await desk.sync({ reconcileEveryMs: 0 });
      expect(report.error).toBeNull();
      // The desk's own pull brought it, so the waiting list found it already stored.
      expect(report.pulled.new).toContain(keyField);
    }
    expect(evidence().runs).toEqual([]);
    expect(sign()).toBeNull();
    expect(lines.filter((l) => l.startsWith('another reader?'))).toEqual([]);
  });

  it('a plain poll or a full read is not watched (they read no list after the pull)', async () => {
    await arrive();
    await otherTakesTheQueue();
    // A poll: the pull alone, which the other program emptied.
    expect((await desk.sync()).pulled.new).toEqual([]);
    // A full read lists everything instead of the pull: what it finds is no sign either.
    const full = await desk.sync({ fullReadEveryMs: 0 });
    expect(full.pulled.new).toHaveLength(1);
    expect(evidence().runs).toEqual([]);
  });
});
