import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService } from '../../../main/sandbox';
import { CancelledError } from '../../../main/exchange';
import type { Reservation, WireFormat } from '../../../shared/domain';
import { HOTEL_NOW, WINDOW, addFault, clearFaults, clientFor, control } from './practice';

const polling = { initialDelayMs: 20, maxDelayMs: 100, timeoutMs: 20_000 };

describe('the large-result file (1500 reservations)', () => {
  let service: Awaited<ReturnType<typeof startPracticeService>>;
  /** What the JSON envelope file holds, sorted: every format and shape must decode to exactly this. */
  let reference: Omit<Reservation, 'raw'>[] = [];

  const comparable = (list: Reservation[]) =>
    list.map(({ raw: _raw, ...rest }) => rest).sort((a, b) => a.logId - b.logId);

  beforeAll(async () => {
    service = await startPracticeService({
      port: 0,
      seed: 3,
      reservations: 1500,
      fileReadyAfterMs: 150,
      now: HOTEL_NOW,
    });
    await control(service.url, 'POST', 'file-shape', { shape: 'envelope' });
    const client = clientFor(service.url, { format: 'json' });
    const all: Reservation[] = [];
    await client.fetchReservations({ ...WINDOW }, async (batch) => void all.push(...batch), {
      pollFile: polling,
    });
    await client.close();
    reference = comparable(all);
  });
  afterAll(async () => {
    await service.close();
  });

  describe.each<[WireFormat, 'envelope' | 'list']>([
    ['json', 'envelope'],
    ['json', 'list'],
    ['xml', 'envelope'],
    ['xml', 'list'],
  ])('%s file, %s shape', (format, shape) => {
    it('waits for the file, streams it in bounded batches and decodes every reservation as the JSON envelope has them', async () => {
      await clearFaults(service.url);
      await control(service.url, 'POST', 'file-shape', { shape });
      const client = clientFor(service.url, { format });
      try {
        const first = await client.getReservationList({ ...WINDOW });
        expect(first.kind).toBe('file');

        const batches: number[] = [];
        const all: Reservation[] = [];
        const result = await client.fetchReservations(
          { ...WINDOW },
          async (batch) => {
            batches.push(batch.length);
            all.push(...batch);
            // A slow consumer: the download waits for it (backpressure), nothing is lost.
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
          { batchSize: 400, pollFile: polling },
        );

        expect(result.source).toBe('file');
        expect(result.count).toBeGreaterThan(1000);
        expect(all).toHaveLength(result.count);
        expect(Math.max(...batches)).toBeLessThanOrEqual(400);
        expect(batches.slice(0, -1).every((size) => size === 400)).toBe(true);
        expect(new Set(all.map((r) => r.logId)).size).toBe(all.length);
        for (const r of all) {
          expect(r.confirmationStatus).toBe('W');
          expect(r.checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
        expect(comparable(all)).toEqual(reference);
      } finally {
        await client.close();
      }
    });
  });

  it('stops when cancelled during the download', async () => {
    await clearFaults(service.url);
    const client = clientFor(service.url);
    const controller = new AbortController();
    try {
      const first = await client.getReservationList({ ...WINDOW });
      if (first.kind !== 'file') throw new Error('expected a file');
      let batches = 0;
      const error = await client
        .fetchReservations(
          { ...WINDOW },
          async () => {
            batches++;
            controller.abort();
          },
          { batchSize: 100, pollFile: polling, signal: controller.signal },
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CancelledError);
      expect(batches).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('reports a download cut halfway as a broken line, after the batches it could read', async () => {
    await clearFaults(service.url);
    const client = clientFor(service.url, { format: 'xml' });
    try {
      const first = await client.getReservationList({ ...WINDOW });
      if (first.kind !== 'file') throw new Error('expected a file');
      await addFault(service.url, { kind: 'truncate', count: 1, path: '/upload/reservations' });
      let received = 0;
      const error = await client
        .fetchReservations(
          { ...WINDOW },
          async (batch) => {
            received += batch.length;
          },
          { batchSize: 100, pollFile: polling },
        )
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'network', reason: 'reset' });
      expect(received).toBeLessThan(1000);
    } finally {
      await client.close();
    }
  });
});
