// Through the real desk (client, sync, store on a file) against a stand-in
// service: what is stored, what the service was told it has (nothing not stored), and what the receptionist
// is shown (the cycle's sentence, the set-aside count of the status area, the pre-confirm checks).
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Desk } from '../../../main/operations/desk';
import { DeskChecks } from '../../../main/operations/checks';
import { createMessages } from '../../../main/kernel/messages';
import { hasProblem } from '../../../main/checks';
import { openDesk, storedLogIds, tempDir } from './helpers';
import { SERVICE_ID, startStandIn, wireItem, type StandIn, type StandInScript } from './stand-in-service';
import { send } from '../../unit/exchange/scripted-server';

const en = createMessages('en');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A desk on a file and a stand-in service; incremental pulls unless `reconcile`. */
async function deskAgainst(
  script: StandInScript,
  reconcile = false,
): Promise<{ desk: Desk; service: StandIn }> {
  const service = await startStandIn(script);
  const temp = tempDir('resdesk-odd-');
  const desk = openDesk(temp.dir, service.url);
  cleanups.push(
    temp.remove,
    () => desk.store.close(),
    () => desk.close(),
    () => service.close(),
  );
  const now = new Date().toISOString();
  desk.store.setSetting('sync.lastReferenceAt', now);
  if (!reconcile) desk.store.setSetting('sync.lastReconcileAt', now);
  return { desk, service };
}

const keys = (desk: Desk): string[] =>
  desk.store.db.prepare<[], string>('SELECT key_field FROM reservations ORDER BY key_field').pluck().all();
const acked = (service: StandIn): number[] => service.acked.map((a) => a.logId);

/** Nothing the service was told it has is missing from the file on disk. */
function expectAckedStored(desk: Desk, service: StandIn): void {
  const stored = storedLogIds(desk.store);
  for (const logId of acked(service)) expect(stored.has(logId), `LogId ${logId}`).toBe(true);
}

describe('a LogId the service reuses', () => {
  it('for another reservation: every cycle goes through, the odd item kept aside and never acknowledged', async () => {
    const lists = [
      [wireItem('K1', 7), wireItem('K2', 8)],
      [wireItem('K3', 7), wireItem('K4', 9)],
      [wireItem('K3', 7), wireItem('K5', 10)],
    ];
    const { desk, service } = await deskAgainst({ waiting: (n) => lists[n] ?? [] });
    for (let cycle = 0; cycle < 3; cycle++) {
      const report = await desk.sync();
      expect(report.error, `cycle ${cycle}`).toBeNull();
      expect(report.pulled.unreadable).toBe(cycle === 0 ? 0 : 1);
    }
    expect(keys(desk)).toEqual(['K1', 'K2', 'K4', 'K5']);
    expect(acked(service)).toEqual([7, 8, 9, 10]);
    expectAckedStored(desk, service);
    expect(desk.store.pendingAcknowledgements()).toEqual([]);
    const [kept] = desk.store.listUnreadable();
    expect(kept).toMatchObject({ keyField: 'K3', logId: 7, reason: 'log-id-reused', timesSeen: 2 });
    expect(JSON.parse(kept?.text ?? '{}')).toMatchObject({ KeyField: 'K3', LogId: 7 });
    expect(desk.store.openUnreadableCount()).toBe(1);
  });

  it('for the same reservation with other content: shown, not taken, until a new version comes', async () => {
    const lists = [
      [wireItem('K1', 7)],
      [wireItem('K1', 7, { Adults: 3, Pax: 3 })],
      [wireItem('K1', 8, { Adults: 3, Pax: 3, PmsStatus: 2 })],
    ];
    const { desk, service } = await deskAgainst({ waiting: (n) => lists[n] ?? [] });
    expect((await desk.sync()).error).toBeNull();
    const second = await desk.sync();
    expect(second.error).toBeNull();
    expect(second.pulled.unreadable).toBe(1);
    expect(desk.store.getReservation('K1')?.adults).toBe(2);
    expect(desk.store.listUnreadable()[0]).toMatchObject({ reason: 'content-differs', field: 'Adults' });
    expect(desk.store.openUnreadableCount()).toBe(1);
    const third = await desk.sync();
    expect(third.pulled.changed).toEqual(['K1']);
    expect(desk.store.getReservation('K1')?.adults).toBe(3);
    expect(desk.store.openUnreadableCount()).toBe(0);
    expect(acked(service)).toEqual([7, 8]);
    expectAckedStored(desk, service);
  });
});

describe("another hotel's reservation", () => {
  const items = () => {
    const original = wireItem('K3', 3, { PaximumId: 2002 });
    const originalOwn = wireItem('K4', 4, { PaximumId: 1001 });
    delete (original as Record<string, unknown>).PartnerId;
    delete (originalOwn as Record<string, unknown>).PartnerId;
    return {
      own: [wireItem('K1', 1), originalOwn],
      other: [wireItem('K2', 2, { PartnerId: 2002 }), original],
    };
  };

  it.each([
    ['in the incremental pull', false],
    ['in a reconciling cycle', true],
  ])('%s: set aside in either dialect, never acknowledged, cycle after cycle', async (_name, reconcile) => {
    // The service keeps offering what it was not told the hotel has.
    const { desk, service } = await deskAgainst(
      { waiting: (n) => (n === 0 ? [...items().own, ...items().other] : items().other) },
      reconcile,
    );
    for (let cycle = 0; cycle < 2; cycle++) expect((await desk.sync()).error).toBeNull();
    expect(keys(desk)).toEqual(['K1', 'K4']);
    expect(acked(service)).toEqual([1, 4]);
    expect(service.acked.every((a) => a.serviceId === SERVICE_ID)).toBe(true);
    expectAckedStored(desk, service);
    const aside = desk.store
      .listUnreadable()
      .sort((a, b) => (a.keyField ?? '').localeCompare(b.keyField ?? ''));
    expect(aside.map((a) => [a.keyField, a.reason, a.field, a.timesSeen])).toEqual([
      ['K2', 'other-hotel', 'PartnerId', 2],
      ['K3', 'other-hotel', 'PaximumId', 2],
    ]);
    expect(desk.store.openUnreadableCount()).toBe(2);
  });
});

describe('impossible stays', () => {
  it('contradictory dates are stored with a problem shown first; a negative count is set aside', async () => {
    const { desk, service } = await deskAgainst({
      waiting: () => [
        wireItem('K1', 1, { CheckIn: '2026-08-10T00:00:00', CheckOut: '2026-08-07T00:00:00', Nights: 3 }),
        wireItem('K2', 2, { Nights: 6 }),
        wireItem('K3', 3, { Adults: -1 }),
        wireItem('K4', 4),
      ],
    });
    expect((await desk.sync()).error).toBeNull();
    expect(keys(desk)).toEqual(['K1', 'K2', 'K4']);
    expect(acked(service)).toEqual([1, 2, 4]);
    expectAckedStored(desk, service);
    expect(desk.store.listUnreadable()).toMatchObject([
      { keyField: 'K3', field: 'Adults', reason: 'unreadable' },
    ]);

    const checks = await new DeskChecks(
      () => sqliteDeskStore(desk.store),
      () => new Date(2026, 7, 1, 9),
    ).forKeys(['K1', 'K2', 'K4']);
    expect(checks.get('K1')?.[0]).toMatchObject({
      kind: 'impossible-stay',
      severity: 'problem',
      reason: 'check-out-before-check-in',
      checkIn: '2026-08-10',
      checkOut: '2026-08-07',
    });
    expect(checks.get('K2')?.[0]).toMatchObject({ reason: 'nights-mismatch', nights: 6, nightsByDates: 4 });
    expect(hasProblem(checks.get('K1') ?? [])).toBe(true);
    expect(checks.get('K4')?.some((c) => c.kind === 'impossible-stay')).toBe(false);
  });
});

describe('a service that refuses every request after login', () => {
  it('says the service keeps refusing the login, not that an answer could not be read', async () => {
    const { desk, service } = await deskAgainst({
      waiting: () => [wireItem('K1', 1)],
      intercept: (seen, res) => {
        if (seen.path.toLowerCase().endsWith('/login')) return false;
        send(res, 401, '{"Message":"Authorization has been denied for this request."}');
        return true;
      },
    });
    const report = await desk.sync();
    expect(report.error).toBe(en.t('error.loginRefused'));
    expect(report.error).not.toBe(en.t('error.malformed'));
    expect(report.reachable).toBe(true);
    // It logged in again once before saying so, and nothing was stored or acknowledged.
    expect(service.seen.filter((s) => s.path.endsWith('/login'))).toHaveLength(2);
    expect(keys(desk)).toEqual([]);
    expect(service.acked).toEqual([]);
  });

  it('a refused login itself still says the user name or password', async () => {
    const { desk } = await deskAgainst({
      waiting: () => [],
      intercept: (_seen, res) => {
        send(res, 401, '');
        return true;
      },
    });
    expect((await desk.sync()).error).toBe(en.t('error.unauthorized'));
  });
});

it('the stand-in takes what the desk sends as the practice service does', async () => {
  const { desk, service } = await deskAgainst({ waiting: () => [wireItem('K1', 1)] });
  await desk.sync();
  expect(service.acked).toEqual([{ serviceId: SERVICE_ID, logId: 1 }]);
  expect(path.basename(desk.store.file)).toBe('desk.db');
});
