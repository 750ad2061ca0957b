// Safe mode: with another program on the account the desk reads without reporting (the LogIds
// stay queued and are reported at the first cycle after it is off), and before each answer it re-reads the
// service's current version: a decision on a version that is no longer the service's goes to review.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { SAFE_MODE_KEY } from '../../../main/sync/another-reader';
import { control, openDesk, sandboxState, tempDir } from './helpers';

interface Receipts {
  reservations: { keyField: string; logId: number }[];
}

describe('safe mode', () => {
  let service: PracticeService;
  let desk: Desk;
  let temp: ReturnType<typeof tempDir>;

  beforeEach(async () => {
    service = await startPracticeService({ port: 0, reservations: 30, seed: 32, fileReadyAfterMs: 20 });
    temp = tempDir('resdesk-safe-mode-');
    desk = openDesk(temp.dir, service.url);
    expect((await desk.sync()).error).toBeNull();
  });
  afterEach(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  const acknowledgedLogIds = async (): Promise<Set<number>> =>
    new Set((await sandboxState(service.url)).acknowledged.map((a) => a.logId));
  const confirmations = async () => (await sandboxState(service.url)).confirmations;
  const waitingKeys = (): string[] =>
    desk.store.db
      .prepare<[], string>(
        `SELECT key_field FROM reservations WHERE confirmation_status = 'W' AND pms_status <> 3
          ORDER BY check_in, key_field`,
      )
      .pluck()
      .all();

  it('stores new arrivals without reporting them; switched off, the next cycle reports them', async () => {
    desk.store.setSetting(SAFE_MODE_KEY, true);
    const arrived = ((await control(service.url, 'arrive', { count: 2 })) as Receipts).reservations;
    const before = await acknowledgedLogIds();

    const poll = await desk.sync();
    expect(poll.error).toBeNull();
    expect(poll.pulled.new).toEqual(expect.arrayContaining(arrived.map((a) => a.keyField)));
    expect(poll.pulled.acknowledged).toBe(0);
    // A bounded and a full reconcile report nothing either.
    expect((await desk.sync({ reconcileEveryMs: 0 })).pulled.acknowledged).toBe(0);
    expect((await desk.sync({ fullReadEveryMs: 0 })).pulled.acknowledged).toBe(0);
    for (const a of arrived) expect(desk.store.getReservation(a.keyField)?.logId).toBe(a.logId);
    expect(await acknowledgedLogIds()).toEqual(before);

    desk.store.setSetting(SAFE_MODE_KEY, false);
    const after = await desk.sync();
    expect(after.error).toBeNull();
    expect(after.pulled.acknowledged).toBeGreaterThanOrEqual(arrived.length);
    const now = await acknowledgedLogIds();
    for (const a of arrived) expect(now.has(a.logId)).toBe(true);
  });

  it('re-reads before sending: a newer version at the service sends the decision to review', async () => {
    desk.store.setSetting(SAFE_MODE_KEY, true);
    const [changed, unchanged] = waitingKeys();
    if (!changed || !unchanged) throw new Error('need two waiting reservations');
    await desk.decide({ keyField: changed, action: 'confirm', user: 'anna' });
    await desk.decide({ keyField: unchanged, action: 'confirm', user: 'anna' });
    // The newer version exists only at the service: the desk has not pulled it.
    const newer = ((await control(service.url, 'change', { keyField: changed })) as Receipts).reservations[0];
    const sentBefore = (await confirmations()).length;

    const cycle = await desk.sync();
    expect(cycle.error).toBeNull();
    expect(cycle.pushed).toMatchObject({ sent: 1, review: 1, failed: 0 });
    expect(desk.store.decisionFor(changed)?.state).toBe('review');
    expect(desk.store.decisionFor(unchanged)?.state).toBe('sent');
    // Only the unchanged one left, once; the re-read version is stored (and, in safe mode, not reported).
    const sent = (await confirmations()).slice(sentBefore);
    expect(sent.map((c) => c.keyField)).toEqual([unchanged]);
    expect(desk.store.getReservation(changed)?.logId).toBe(newer?.logId);
    expect((await acknowledgedLogIds()).has(newer?.logId ?? -1)).toBe(false);

    expect((await desk.sync()).pushed).toMatchObject({ sent: 0, review: 0 });
    expect((await confirmations()).slice(sentBefore)).toHaveLength(1);
  });

  it('without safe mode the same decision goes out on the old version (what the re-read prevents)', async () => {
    const [keyField] = waitingKeys();
    if (!keyField) throw new Error('need a waiting reservation');
    await desk.decide({ keyField, action: 'confirm', user: 'anna' });
    await control(service.url, 'change', { keyField });
    const sentBefore = (await confirmations()).length;
    expect((await desk.sync()).pushed).toMatchObject({ sent: 1, review: 0 });
    expect((await confirmations()).slice(sentBefore).map((c) => c.keyField)).toEqual([keyField]);
  });

  it('a cancellation at the service sends the decision to review', async () => {
    desk.store.setSetting(SAFE_MODE_KEY, true);
    const [keyField] = waitingKeys();
    if (!keyField) throw new Error('need a waiting reservation');
    await desk.decide({ keyField, action: 'confirm', user: 'anna' });
    await control(service.url, 'cancel', { keyField });
    const sentBefore = (await confirmations()).length;
    expect((await desk.sync()).pushed).toMatchObject({ sent: 0, review: 1 });
    expect(desk.store.decisionFor(keyField)?.state).toBe('review');
    expect(desk.store.getReservation(keyField)?.pmsStatus).toBe(3);
    expect((await confirmations()).slice(sentBefore)).toEqual([]);
  });
});
