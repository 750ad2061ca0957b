import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { MalformedResponseError, ServiceError } from '../../../main/exchange/errors';
import type { Reservation } from '../../../shared/domain';
import { fixture, fixtureBytes } from './fixtures';
import { propertyRuns } from '../../harness/property-runs';

async function* piecesOf(bytes: Uint8Array, sizes: (index: number) => number) {
  for (let at = 0, index = 0; at < bytes.length; index++) {
    const size = Math.max(1, sizes(index));
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function collect(chunks: AsyncIterable<Uint8Array | string>, batchSize = 500) {
  const batches: Reservation[][] = [];
  const { count } = await decodeReservationStream(chunks, async (batch) => void batches.push(batch), {
    batchSize,
  });
  return { count, batches, all: batches.flat() };
}

const strip = (list: Reservation[]) => list.map(({ raw: _raw, ...rest }) => rest);

const files = [
  'reservations-envelope.xml',
  'reservations-envelope.json',
  'reservations-list.xml',
  'reservations-list.json',
];

describe('streaming reservation decoding', () => {
  it.each(files)('%s gives the same result whole, byte by byte and in random pieces', async (name) => {
    const bytes = fixtureBytes(name);
    const whole = await collect(piecesOf(bytes, () => bytes.length));
    const byteByByte = await collect(piecesOf(bytes, () => 1));
    expect(whole.count).toBeGreaterThan(0);
    expect(byteByByte.all).toEqual(whole.all);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 40 }),
        async (sizes) => {
          const pieces = await collect(piecesOf(bytes, (index) => sizes[index % sizes.length] ?? 1));
          expect(pieces.all).toEqual(whole.all);
        },
      ),
      { numRuns: propertyRuns(60) },
    );
  });

  it('gives the same reservations from an XML file and a JSON file', async () => {
    const xml = await collect(piecesOf(fixtureBytes('reservations-envelope.xml'), () => 7));
    const json = await collect(piecesOf(fixtureBytes('reservations-envelope.json'), () => 7));
    expect(strip(xml.all)).toEqual(strip(json.all));
  });

  const item = (n: number) =>
    `{"KeyField":"k${n}","LogId":${n},"ServiceId":"s","ConfirmationStatus":"W","CheckIn":"2025-01-0${(n % 9) + 1}T00:00:00","CheckOut":"2025-02-01T00:00:00"}`;
  const listOf = (total: number) => `[${Array.from({ length: total }, (_, n) => item(n)).join(',')}]`;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

  it('stores batches of at most batchSize one at a time, reading the next meanwhile but never further', async () => {
    const total = 23;
    const text = listOf(total);
    // Where each item ends in the text: how far reading may have gone.
    const ends = Array.from({ length: total }, (_, n) => text.indexOf(item(n)) + item(n).length);
    const events: { what: 'start' | 'end'; read: number }[] = [];
    let read = 0;
    let readWhileStoring = 0;
    let storing = false;
    async function* slowly() {
      for (let at = 0; at < text.length; at += 40) {
        if (storing) readWhileStoring++;
        read = Math.min(text.length, at + 40);
        yield text.slice(at, at + 40);
      }
    }
    const sizes: number[] = [];
    const { count } = await decodeReservationStream(
      slowly(),
      async (batch) => {
        events.push({ what: 'start', read });
        storing = true;
        sizes.push(batch.length);
        await pause();
        storing = false;
        events.push({ what: 'end', read });
      },
      { batchSize: 5 },
    );
    expect(count).toBe(total);
    expect(sizes).toEqual([5, 5, 5, 5, 3]);
    // One at a time, in order: every start is followed by its end before the next start.
    expect(events.map((e) => e.what)).toEqual(sizes.flatMap(() => ['start', 'end']));
    // The next batch is read while one is stored ...
    expect(readWhileStoring).toBeGreaterThan(0);
    // ... but no further: by the end of batch k, reading stopped within one chunk of the next batch's last item.
    events
      .filter((e) => e.what === 'end')
      .forEach((e, k) =>
        expect(e.read).toBeLessThanOrEqual((ends[Math.min(total, 5 * (k + 2)) - 1] ?? 0) + 40),
      );
  });

  it('stops at a batch that fails: nothing after it is handed out, its failure is what is thrown', async () => {
    const handed: number[] = [];
    const failure = new Error('the database refused the batch');
    const decoding = decodeReservationStream(
      piecesOf(new TextEncoder().encode(listOf(23)), () => 64),
      async (batch) => {
        handed.push(batch.length);
        await pause();
        if (handed.length === 2) throw failure;
      },
      { batchSize: 5 },
    );
    await expect(decoding).rejects.toBe(failure);
    expect(handed).toEqual([5, 5]);
  });

  it('stops reading once the batch being stored has failed: nothing after it is set aside', async () => {
    const unreadable = (n: number) => `{"KeyField":"u${n}","LogId":${n},"ServiceId":"s","Adults":"two"}`;
    const items = [item(0), item(1), unreadable(2), unreadable(3), unreadable(4), item(5), item(6)];
    // One item a chunk, as a slow download hands them.
    async function* slowly() {
      for (const [n, text] of items.entries()) {
        await pause();
        yield `${n === 0 ? '[' : ','}${text}`;
      }
      yield ']';
    }
    const setAside: number[] = [];
    const failure = new Error('the database refused the batch');
    const decoding = decodeReservationStream(slowly(), () => Promise.reject(failure), {
      batchSize: 2,
      onUnreadable: (u) => void setAside.push(u.logId ?? -1),
    });
    await expect(decoding).rejects.toBe(failure);
    expect(setAside).toEqual([]);
  });

  it('a file that breaks off while a batch is stored returns only once that batch is done', async () => {
    let done = 0;
    const decoding = decodeReservationStream(
      piecesOf(new TextEncoder().encode(listOf(7).slice(0, -30)), () => 64),
      async () => {
        await pause();
        done++;
      },
      { batchSize: 5 },
    );
    await expect(decoding).rejects.toBeInstanceOf(MalformedResponseError);
    expect(done).toBe(1);
  });

  it('reports an envelope with IsSuccessful false as the service error', async () => {
    const error = await collect(piecesOf(fixtureBytes('error-dotnet.xml'), () => 64)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: '500' });
  });

  it('calls a cut-off file, an HTML page and an empty body malformed', async () => {
    const json = fixtureBytes('reservations-envelope.json');
    for (const bytes of [
      json.subarray(0, json.length - 40),
      fixtureBytes('error-page.html'),
      new Uint8Array(0),
    ]) {
      const error = await collect(piecesOf(bytes, () => 50)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MalformedResponseError);
    }
    const xml = fixture('reservations-envelope.xml');
    const cut = await collect(
      (async function* () {
        yield xml.slice(0, 3000);
      })(),
    ).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(MalformedResponseError);
  });

  it('names the field when an item is not a reservation, without guest data', async () => {
    const text =
      '[{"KeyField":"k","LogId":"twelve","ServiceId":"s","ConfirmationStatus":"W","CheckIn":"2025-01-01","Customers":[{"Name":"DOE JANE"}]}]';
    const error = await collect(
      (async function* () {
        yield text;
      })(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain('LogId');
    expect((error as Error).message).not.toContain('DOE JANE');
  });
});
