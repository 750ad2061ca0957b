// A round's answers leave one after another and the vouchers are fetched after the last of them: a download per
// answer held the next answer back on a slow line. Every voucher is still saved with its answer, and in a round so
// long that a voucher has waited a minute (its link is temporary) the waiting ones are fetched at once. The order is
// read from the practice service's own request log (both its hosts), as the requests arrived.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Desk } from '../../../main/operations/desk';
import { startTcpGate } from '../../harness/tcp-gate';
import { openDesk, tempDir, waitingNewKeys } from './helpers';

describe('vouchers after the answers (practice service)', () => {
  let service: PracticeService;
  let desk: Desk;
  let temp: ReturnType<typeof tempDir>;
  const arrived: string[] = [];

  beforeEach(async () => {
    arrived.length = 0;
    service = await startPracticeService({
      port: 0,
      reservations: 30,
      seed: 8,
      onRequest: (entry) => arrived.push(entry.path),
    });
    temp = tempDir('resdesk-vouchers-after-');
    desk = openDesk(temp.dir, service.url);
    await desk.sync();
  });
  afterEach(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  it('fetches every voucher of the round once all its answers have left, and keeps each with its answer', async () => {
    const keys = waitingNewKeys(desk.store, 4);
    expect(keys).toHaveLength(4);
    for (const keyField of keys) await desk.decide({ keyField, action: 'confirm', note: '', user: 'Ayşe' });
    arrived.length = 0;
    expect(await desk.pushNow()).toMatchObject({ sent: 4, failed: 0 });

    const answers = arrived.flatMap((p, i) => (/sendconfirmation/i.test(p) ? [i] : []));
    const vouchers = arrived.flatMap((p, i) => (/\.pdf$/i.test(p) ? [i] : []));
    expect(answers).toHaveLength(4);
    expect(vouchers).toHaveLength(4);
    expect(Math.max(...answers)).toBeLessThan(Math.min(...vouchers));
    for (const keyField of keys)
      expect(desk.store.decisionFor(keyField)).toMatchObject({ voucherSaved: true });
  });

  it('in a round where a voucher has waited a minute, fetches the waiting ones at once', async () => {
    // A second desk on the same service whose clock moves 61 s at every reading: every voucher has waited a
    // minute by the time the next answer's comes in.
    let clock = Date.parse('2026-07-01T09:00:00Z');
    const slowDir = path.join(temp.dir, 'slow');
    mkdirSync(slowDir);
    const slow = openDesk(slowDir, service.url, 'json', undefined, {
      now: () => new Date((clock += 61_000)),
    });
    try {
      await slow.sync();
      const keys = waitingNewKeys(slow.store, 3);
      expect(keys).toHaveLength(3);
      for (const keyField of keys) await slow.decide({ keyField, action: 'confirm', note: '', user: 'Ayşe' });
      arrived.length = 0;
      expect(await slow.pushNow()).toMatchObject({ sent: 3, failed: 0 });
      const answers = arrived.flatMap((p, i) => (/sendconfirmation/i.test(p) ? [i] : []));
      const vouchers = arrived.flatMap((p, i) => (/\.pdf$/i.test(p) ? [i] : []));
      expect(vouchers).toHaveLength(3);
      expect(Math.min(...vouchers)).toBeLessThan(Math.max(...answers));
      for (const keyField of keys)
        expect(slow.store.decisionFor(keyField)).toMatchObject({ voucherSaved: true });
    } finally {
      await slow.close();
      slow.store.close();
    }
  });

  it('when the line drops mid-round, the answers that left stay sent with their vouchers, the rest wait for the line', async () => {
    // A second desk on the same service, its line to the service through a gate that closes as soon as the
    // round's first answer is recorded. The vouchers' own host stays reachable, as another host may.
    const gate = await startTcpGate(service.port);
    const lineDir = path.join(temp.dir, 'line');
    mkdirSync(lineDir);
    // Three check-in days: each number is read back on its own day, so the first's is never read with the others'.
    const day = (key: string): string => desk.store.getReservation(key)?.checkIn ?? '';
    const keys: string[] = [];
    for (const key of waitingNewKeys(desk.store, 30))
      if (keys.length < 3 && !keys.some((k) => day(k) === day(key))) keys.push(key);
    expect(keys).toHaveLength(3);
    const [first = ''] = keys;
    let cut = false;
    const lineDesk = openDesk(lineDir, `http://127.0.0.1:${gate.port}`, 'json', undefined, {
      onDecision: (keyField) => {
        // Once: a later round telling of the first answer again must not cut the line again.
        if (keyField !== first || cut) return;
        cut = true;
        gate.close();
      },
    });
    try {
      await lineDesk.sync();
      for (const keyField of keys)
        await lineDesk.decide({ keyField, action: 'confirm', note: '', user: 'Ayşe' });
      arrived.length = 0;
      // The round ends at the first answer the line did not carry; the third is not tried.
      expect(await lineDesk.pushNow()).toMatchObject({ sent: 1, failed: 1, unreachable: true });
      // One answer left; the line was down for the next, and for the first's number: only its voucher came.
      expect(arrived.filter((p) => /sendconfirmation/i.test(p))).toHaveLength(1);
      expect(lineDesk.store.decisionFor(first)).toMatchObject({ state: 'sent', voucherSaved: true });
      for (const keyField of keys.slice(1))
        expect(lineDesk.store.decisionFor(keyField)).toMatchObject({ state: 'pending', voucherSaved: false });

      gate.open();
      expect(await lineDesk.pushNow()).toMatchObject({ sent: 2, failed: 0 });
      // Each answer left once in all; the two sent now have their vouchers and numbers.
      expect(arrived.filter((p) => /sendconfirmation/i.test(p))).toHaveLength(3);
      for (const keyField of keys.slice(1)) {
        expect(lineDesk.store.decisionFor(keyField)).toMatchObject({ state: 'sent', voucherSaved: true });
        expect(lineDesk.store.getReservation(keyField)?.confirmationNo).toMatch(/^KBR-\d{8}$/);
      }
    } finally {
      await lineDesk.close();
      lineDesk.store.close();
      await gate.stop();
    }
  });
});
