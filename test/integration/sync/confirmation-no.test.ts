// "Confirmation no." after a confirmation. sendconfirmationv2's answer carries no confirmation
// number; the practice service, like the live one, gives the reservation one when the hotel confirms.
// After a round of answers the desk reads the numbers back from the E list, one read per check-in day, and
// stores each with its answer and on the reservation, so the detail shows it at once. A decline asks for none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { control, openDesk, sandboxState, tempDir, waitingNewKeys } from './helpers';

describe('the confirmation number after a confirmation (practice service)', () => {
  let service: PracticeService;
  let desk: Desk;
  let temp: ReturnType<typeof tempDir>;

  beforeEach(async () => {
    service = await startPracticeService({ port: 0, reservations: 30, seed: 5 });
    temp = tempDir('resdesk-confirmation-no-');
    desk = openDesk(temp.dir, service.url);
    await desk.sync();
  });
  afterEach(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  const waitingNew = (n: number): string[] => waitingNewKeys(desk.store, n);

  /** Confirms two waiting reservations arriving on two different days (one read-back each). */
  async function confirmOnTwoDays(): Promise<[string, string]> {
    const waiting = waitingNew(30);
    const day = (key: string): string => desk.store.getReservation(key)?.checkIn ?? '';
    const first = waiting[0] ?? '';
    const second = waiting.find((k) => day(k) !== day(first)) ?? '';
    expect(second).not.toBe('');
    for (const keyField of [first, second])
      await desk.decide({ keyField, action: 'confirm', note: '', user: 'Ayşe' });
    return [first, second];
  }

  it('is read back from the service and shown on the reservation; a decline asks for none', async () => {
    const waiting = waitingNew(30);
    const declined = waiting.pop() ?? '';
    const day = (key: string): string => desk.store.getReservation(key)?.checkIn ?? '';
    const days = new Set(waiting.map(day));
    // Several confirmations share a day: the read-back is per day, not per answer.
    expect(days.size).toBeLessThan(waiting.length);
    expect(desk.store.getReservation(waiting[0] ?? '')?.confirmationNo).toBe('');
    for (const keyField of waiting)
      await desk.decide({ keyField, action: 'confirm', note: '', user: 'Ayşe' });
    const reason = desk.store.db
      .prepare<[], string>('SELECT id FROM not_confirm_messages LIMIT 1')
      .pluck()
      .get();
    await desk.decide({
      keyField: declined,
      action: 'decline',
      reasonId: reason ?? '',
      note: '',
      user: 'Ayşe',
    });
    const before = (await sandboxState(service.url)).requests.length;
    const pushed = await desk.pushNow();
    expect(pushed).toMatchObject({ sent: waiting.length + 1, failed: 0 });

    const numbers = waiting.map((k) => desk.store.getReservation(k)?.confirmationNo ?? '');
    for (const number of numbers) expect(number).toMatch(/^KBR-\d{8}$/);
    expect(new Set(numbers).size).toBe(waiting.length);
    for (const [i, k] of waiting.entries())
      expect(desk.store.decisionRecordFor(k)?.confirmationNo).toBe(numbers[i]);
    expect(desk.store.getReservation(declined)?.confirmationNo).toBe('');
    expect(desk.store.decisionRecordFor(declined)?.confirmationNo ?? null).toBeNull();

    // Every answer in its own request; one E-list read per check-in day of a confirmation, none for the decline.
    const requests = (await sandboxState(service.url)).requests.slice(before);
    expect(requests.filter((r) => r.path.includes('sendconfirmation'))).toHaveLength(waiting.length + 1);
    expect(requests.filter((r) => /getreservationlist/i.test(r.path))).toHaveLength(days.size);
  });

  it('a read-back that fails leaves the answers sent, without a number, and ends the read-back', async () => {
    // The second day's read is not tried once the first has failed.
    const [first, second] = await confirmOnTwoDays();
    await control(service.url, 'faults', { kind: 'html', path: 'getreservationlist' });
    const before = (await sandboxState(service.url)).requests.length;
    expect(await desk.pushNow()).toMatchObject({ sent: 2, failed: 0 });
    await control(service.url, 'faults', null);
    for (const keyField of [first, second]) {
      expect(desk.store.decisionRecordFor(keyField)).toMatchObject({ state: 'sent', confirmationNo: null });
      expect(desk.store.getReservation(keyField)?.confirmationNo).toBe('');
    }
    const requests = (await sandboxState(service.url)).requests.slice(before);
    expect(requests.filter((r) => /getreservationlist/i.test(r.path))).toHaveLength(1);
  });

  it('a number the database refuses to store ends the read-back; the answers stay sent and the round stands', async () => {
    const [first, second] = await confirmOnTwoDays();
    // The desk's own connection refuses every number from now on, as a full or failing disk would.
    desk.store.db.exec(`CREATE TEMP TRIGGER refuse_numbers BEFORE UPDATE OF confirmation_no ON decisions
      BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const before = (await sandboxState(service.url)).requests.length;
    expect(await desk.pushNow()).toMatchObject({ sent: 2, failed: 0 });
    for (const keyField of [first, second]) {
      expect(desk.store.decisionRecordFor(keyField)).toMatchObject({ state: 'sent', confirmationNo: null });
      expect(desk.store.getReservation(keyField)?.confirmationNo).toBe('');
    }
    // The first day's number was read and refused: the second day is not read.
    const requests = (await sandboxState(service.url)).requests.slice(before);
    expect(requests.filter((r) => /getreservationlist/i.test(r.path))).toHaveLength(1);

    // Once the disk takes writes again, the next confirmation gets its number as before.
    desk.store.db.exec('DROP TRIGGER refuse_numbers');
    const third = waitingNew(30).find((k) => k !== first && k !== second) ?? '';
    await desk.decide({ keyField: third, action: 'confirm', note: '', user: 'Ayşe' });
    expect(await desk.pushNow()).toMatchObject({ sent: 1, failed: 0 });
    expect(desk.store.decisionRecordFor(third)?.confirmationNo).toMatch(/^KBR-\d{8}$/);
  });
});
