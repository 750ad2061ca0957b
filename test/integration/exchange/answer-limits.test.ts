// With the real pull (main/sync/pull.ts) and the practice service: an endless
// large-result file ends the pull at the file limit, and what was acknowledged is exactly what was
// committed before it (whole batches; nothing of the batch being read); an answer whose encoding cannot be
// read stores and acknowledges nothing; the practice service's file, sent in windows-1254 or UTF-16, reads
// the same as in UTF-8; and the default file limit has room for a 100 000-reservation file.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pullReservations, type PullStore } from '../../../main/sync/pull';
import type { ImportResult } from '../../../main/sync/ports';
import { AnswerLimitError, UnreadableEncodingError } from '../../../main/exchange/body-errors';
import { defaultBodyLimits } from '../../../main/exchange/body-limits';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import type { Reservation } from '../../../shared/domain';
import { makeFiles } from '../../bench/files';
import { byteService, fileCodeAnswer, fileReadyAnswer, sendBytes } from '../../unit/exchange/byte-service';
import {
  writeForever,
  xmlEnvelopeHead,
  xmlReservation,
  type EndlessAnswer,
} from '../../unit/exchange/endless-answer';
import { encode, inPieces, TURKISH } from '../../unit/exchange/encoded';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store that records, in order, each committed batch and each acknowledgement reported; no file to check. */
function recordingStore() {
  const events: { kind: 'commit' | 'acknowledged'; logIds: number[] }[] = [];
  const pending = new Map<string, number[]>();
  const none: ImportResult = { new: [], changed: [], cancelled: [], statusUpdated: [], unchanged: 0 };
  const recording = {
    async importBatch(items: Reservation[]): Promise<ImportResult> {
      events.push({ kind: 'commit', logIds: items.map((r) => r.logId) });
      for (const r of items) pending.set(r.serviceId, [...(pending.get(r.serviceId) ?? []), r.logId]);
      return none;
    },
    pendingAcknowledgements: async () => [...pending].map(([serviceId, logIds]) => ({ serviceId, logIds })),
    async markAcknowledged(serviceId: string, logIds: number[]): Promise<void> {
      events.push({ kind: 'acknowledged', logIds });
      pending.set(
        serviceId,
        (pending.get(serviceId) ?? []).filter((id) => !logIds.includes(id)),
      );
    },
    recordUnreadable: async (): Promise<void> => undefined,
    localFile: null,
  };
  const store: PullStore = recording;
  return { store, events };
}

/** Pull options; partnerId is for the sync work under way (another hotel's items set aside). */
const pullOptions = {
  window: { checkInStart: '2025-07-01', checkInEnd: '2025-07-31' },
  now: () => new Date('2025-07-01T10:00:00Z'),
  partnerId: 1001,
};

const json = (text: string) => new TextEncoder().encode(text);
const sentIds = (body: string): number[] =>
  ((JSON.parse(body) as { logIds: string }).logIds || '').split(',').filter(Boolean).map(Number);

describe('a pull from an endless large-result file', () => {
  it('ends at the file limit with only whole batches stored, none acknowledged, all still queued', async () => {
    const answers: EndlessAnswer[] = [];
    const acknowledgedAtService: number[] = [];
    const service = await byteService(
      (seen, res, req) => {
        if (seen.path === '/api/pax/getReservationList')
          return sendBytes(res, 200, json(fileCodeAnswer), 'application/json');
        if (seen.path === '/api/Pax/checkreservationfile')
          return sendBytes(res, 200, json(fileReadyAnswer(service.server.url)), 'application/json');
        if (seen.path === '/files/f1')
          return void answers.push(writeForever(res, req, { head: xmlEnvelopeHead, piece: xmlReservation }));
        if (seen.path === '/api/Pax/postsentlogids') {
          const ids = sentIds(seen.body);
          acknowledgedAtService.push(...ids);
          return sendBytes(
            res,
            200,
            json(JSON.stringify({ Data: ids.map(String), IsSuccessful: true })),
            'application/json',
          );
        }
        return sendBytes(res, 404, new Uint8Array(0));
      },
      { format: 'xml', batchSize: 25, limits: { file: { maxBytes: 1024 * 1024 } } },
    );
    cleanups.push(() => service.close());
    const { store, events } = recordingStore();
    const error = await pullReservations(service.client, store, pullOptions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerLimitError);
    expect(error).toMatchObject({ limit: 'size' });
    expect(await answers[0]?.ended).toBe('client-closed');

    const committed = events.filter((e) => e.kind === 'commit');
    expect(committed.length).toBeGreaterThan(1);
    for (const batch of committed) expect(batch.logIds).toHaveLength(25);
    // Acknowledgements go once per list read, after the whole list is stored: a list cut at the
    // limit reports nothing, and every stored batch stays queued for the next read that completes.
    expect(acknowledgedAtService).toEqual([]);
    expect(events.filter((e) => e.kind === 'acknowledged')).toEqual([]);
    const allCommitted = committed.flatMap((e) => e.logIds);
    expect((await store.pendingAcknowledgements()).flatMap((p) => p.logIds)).toEqual(allCommitted);
    // The items read after the last whole batch (the cut one among them) were not stored.
    const firstNotTaken = 1_000_000 + allCommitted.length;
    expect(allCommitted).not.toContain(firstNotTaken);
  });
});

describe('a pull whose list cannot be decoded', () => {
  it('stores and acknowledges nothing', async () => {
    // A windows-1254 list in a document that says it is UTF-8.
    const list = encode(
      `<?xml version="1.0" encoding="utf-8"?><ArrayOfReservationPms xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${xmlReservation(1).replace('ÖZTÜRK AYŞE', TURKISH)}</ArrayOfReservationPms>`,
      'windows-1254',
      { xmlReferences: true },
    );
    const service = await byteService(
      (seen, res) => {
        if (seen.path === '/api/pax/getReservationList') return sendBytes(res, 200, list, 'application/xml');
        return sendBytes(res, 200, json('{"Data":[],"IsSuccessful":true}'), 'application/json');
      },
      { format: 'xml' },
    );
    cleanups.push(() => service.close());
    const { store, events } = recordingStore();
    const error = await pullReservations(service.client, store, pullOptions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableEncodingError);
    expect(events).toEqual([]);
    expect(service.paths()).toEqual(['/api/pax/getReservationList']);
  });
});

describe("the practice service's large-result file", () => {
  async function practiceFiles(reservations: number) {
    const dir = await mkdtemp(join(tmpdir(), 'resdesk-limits-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return makeFiles(dir, reservations);
  }

  it('leaves the default file limit room for 100 000 reservations, twice over', async () => {
    const reservations = 2000;
    const { xml, json: jsonFile } = await practiceFiles(reservations);
    const perReservation = Math.max((await stat(xml)).size, (await stat(jsonFile)).size) / reservations;
    // Measured on 25 November 2026: 3.04 KB per reservation in XML (304 MB for 100 000, 60.7 MB for 20 000).
    expect(perReservation * 100_000 * 2).toBeLessThan(defaultBodyLimits.file.maxBytes);
  });

  it('reads the same in windows-1254 and UTF-16 as in UTF-8, Turkish names and all', async () => {
    const { xml } = await practiceFiles(1200);
    const text = (await readFile(xml, 'utf8')).replace(/^\uFEFF/, '');
    const read = async (bytes: Uint8Array, contentType?: string) => {
      const out: Reservation[] = [];
      await decodeReservationStream(
        inPieces(bytes, [4093, 7, 65536]),
        async (batch) => void out.push(...batch),
        {
          contentType,
        },
      );
      return out;
    };
    const expected = await read(new TextEncoder().encode(text));
    const names = expected.flatMap((r) => r.guests.map((g) => g.name)).join(' ');
    expect(names).toMatch(/[ĞÜŞİÖÇğüşıöç]/);
    const body = text.replace(/^<\?xml[^>]*\?>/, '');
    const variants = [
      [
        encode(`<?xml version="1.0" encoding="windows-1254"?>${body}`, 'windows-1254', {
          xmlReferences: true,
        }),
        undefined,
      ],
      [encode(body, 'windows-1254', { xmlReferences: true }), 'application/xml; charset=iso-8859-9'],
      [
        encode(`<?xml version="1.0" encoding="utf-16"?>${body}`, 'utf-16le', { bom: true }),
        'application/xml; charset=utf-8',
      ],
      [encode(`<?xml version="1.0" encoding="utf-16"?>${body}`, 'utf-16be'), undefined],
    ] as const;
    // Compared as JSON text: the same decoder's plain data, and much cheaper than a deep compare of 1200.
    for (const [bytes, contentType] of variants)
      expect(JSON.stringify(await read(bytes, contentType))).toBe(JSON.stringify(expected));
  });
});
