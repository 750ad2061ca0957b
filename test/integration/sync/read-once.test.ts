// The first sync reads each list once: with the live service a list over 1000 reservations means
// preparing and downloading a large-result file, and the first cycle used to do that twice for the
// waiting list (the pull, then the reconcile). Reading once must still leave nothing unacknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import type { Desk } from '../../../main/operations/desk';
import { openDesk, reservationCount, sandboxState, tempDir } from './helpers';

describe('a first sync', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let desk: Desk;

  beforeAll(async () => {
    service = await startPracticeService({ reservations: 1500, seed: 5, fileReadyAfterMs: 50 });
    temp = tempDir('resdesk-once-');
    desk = openDesk(temp.dir, service.url, 'xml');
  });
  afterAll(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  const calls = (requests: { path: string }[], path: string) =>
    requests.filter((r) => r.path.toLowerCase().startsWith(path.toLowerCase())).length;

  it('asks for the waiting, E and H lists once each and downloads the large file once', async () => {
    const report = await desk.sync();
    expect(report.error).toBeNull();
    const state = await sandboxState(service.url);
    expect(calls(state.requests, '/api/pax/getReservationList')).toBe(3);
    expect(calls(state.requests, '/upload/reservations/')).toBe(1);
    expect(reservationCount(desk.store)).toBe(state.reservations);
    expect(new Set(state.acknowledged.map((a) => a.logId)).size).toBe(state.reservations);
    expect(desk.store.pendingAcknowledgements()).toEqual([]);
  });

  it('the next cycle is the incremental pull alone, and brings what arrived meanwhile', async () => {
    await fetch(`${service.url}/_sandbox/arrive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    });
    const before = (await sandboxState(service.url)).requests.length;
    const report = await desk.sync();
    expect(report.error).toBeNull();
    expect(report.pulled.new).toHaveLength(2);
    const requests = (await sandboxState(service.url)).requests.slice(before);
    expect(calls(requests, '/api/pax/getReservationList')).toBe(1);
    expect(desk.store.pendingAcknowledgements()).toEqual([]);
  });
});
