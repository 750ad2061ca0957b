// POST /_sandbox/oddities spoils the next reservation answer once: one item a client cannot read, or a
// guest name and note with characters XML 1.0 forbids (raw or as character references). The world is
// not changed, so the answer after it is clean again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { WHOLE_YEAR, control, get, login, sandboxState, startService, type DeliveredOddity } from './helpers';

let service: PracticeService;
let token: string;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 6, fileReadyAfterMs: 10 }));
  token = await login(service);
});
afterAll(() => service.close());
beforeEach(async () => {
  await control(service, 'DELETE', 'oddities');
});

const listText = async (format: 'json' | 'xml'): Promise<string> =>
  (await get(service, `/api/pax/getReservationList?${WHOLE_YEAR}&format=${format}`, token)).text();

const ask = async (body: Record<string, unknown>): Promise<Response> =>
  control(service, 'POST', 'oddities', body);

async function lastDelivered(): Promise<DeliveredOddity> {
  const last = (await sandboxState(service)).oddities.delivered.at(-1);
  if (!last) throw new Error('no oddity was delivered');
  return last;
}

/** The XML text of the item that holds this LogId. */
const xmlItemOf = (text: string, keyField: string): string =>
  text.split('<a:ReservationPms>').find((item) => item.includes(`<a:KeyField>${keyField}</a:KeyField>`)) ??
  '';

describe('an unreadable item', () => {
  it('garbles one number in the next answer only', async () => {
    expect((await ask({ kind: 'unreadable' })).status).toBe(200);
    const spoiled = await listText('xml');
    const delivered = await lastDelivered();
    expect(delivered).toMatchObject({
      kind: 'unreadable',
      variant: 'garbledNumber',
      field: 'Adults',
      path: '/api/pax/getReservationList',
      format: 'xml',
    });
    expect(spoiled.match(/<a:Adults>two<\/a:Adults>/g)).toHaveLength(1);
    expect(xmlItemOf(spoiled, delivered.keyField)).toContain('<a:Adults>two</a:Adults>');
    const clean = await listText('xml');
    expect(clean).not.toContain('two</a:Adults>');
    expect((await sandboxState(service)).oddities.pending).toEqual([]);
  });

  it('leaves out KeyField or LogId entirely, in JSON', async () => {
    await ask({ kind: 'unreadable', variant: 'missingKeyField' });
    const items = JSON.parse(await listText('json')).Data as Record<string, unknown>[];
    expect(items.filter((item) => !('KeyField' in item))).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('KeyField');
    expect(items[0]?.LogId).toBe((await lastDelivered()).logId);
    await ask({ kind: 'unreadable', variant: 'missingLogId' });
    const text = await listText('xml');
    expect(
      text
        .split('<a:ReservationPms>')
        .slice(1)
        .filter((item) => !item.includes('<a:LogId>')),
    ).toHaveLength(1);
  });

  it('goes to the reservation asked for, and waits for an answer that holds it', async () => {
    const arrived = (await (await control(service, 'POST', 'arrive', { checkIn: '2027-03-03' })).json()) as {
      reservations: { keyField: string }[];
    };
    const keyField = arrived.reservations[0]?.keyField ?? '';
    await ask({ kind: 'unreadable', variant: 'garbledNumber', keyField });
    const elsewhere = await (
      await get(service, '/api/pax/getReservationList?checkInStart=01.01.2026&checkInEnd=12.31.2026', token)
    ).text();
    expect(elsewhere).not.toContain('>two<');
    expect((await sandboxState(service)).oddities.pending).toHaveLength(1);
    const spoiled = await listText('xml');
    expect(xmlItemOf(spoiled, keyField)).toContain('<a:Adults>two</a:Adults>');
    expect(await lastDelivered()).toMatchObject({ keyField });
  });
});

describe('characters XML 1.0 forbids', () => {
  it('are written as character references by default, in the lead guest name and the note', async () => {
    await ask({ kind: 'forbiddenChars' });
    const text = await listText('xml');
    const delivered = await lastDelivered();
    expect(delivered).toMatchObject({ kind: 'forbiddenChars', variant: 'reference' });
    expect(delivered.guestName).toContain('\u0001');
    expect(delivered.note).toContain('\u000B');
    const item = xmlItemOf(text, delivered.keyField);
    expect(item).toMatch(/<CustomerPms xmlns=""><Age>\d+<\/Age>.*?<Name>[^<]*&#x1;[^<]*<\/Name>/);
    expect(item).toMatch(/<a:Note>[^<]*&#xB;Late arrival<\/a:Note>/);
    expect(text.includes('\u0001') || text.includes('\u000B')).toBe(false);
  });

  it('can be raw bytes, and are \\u escapes in JSON', async () => {
    await ask({ kind: 'forbiddenChars', variant: 'raw' });
    const raw = await listText('xml');
    expect(raw).toContain(`${(await lastDelivered()).guestName ?? '?'}</Name>`);
    expect(raw).toContain('\u000BLate arrival</a:Note>');
    expect(raw).not.toContain('&#x1;');
    await ask({ kind: 'forbiddenChars', variant: 'raw' });
    const json = await listText('json');
    expect(json).toContain('\\u0001');
    expect(json).toContain('\\u000bLate arrival');
    const parsed = JSON.parse(json).Data as { Note: string; Customers: { Name: string }[] }[];
    const delivered = await lastDelivered();
    expect(parsed.some((item) => item.Customers[0]?.Name === delivered.guestName)).toBe(true);
  });

  it('land on another item than an unreadable one asked for in the same answer', async () => {
    await ask({ kind: 'unreadable' });
    await ask({ kind: 'forbiddenChars' });
    await listText('xml');
    const [unreadable, forbidden] = (await sandboxState(service)).oddities.delivered.slice(-2);
    expect(unreadable?.kind).toBe('unreadable');
    expect(forbidden?.kind).toBe('forbiddenChars');
    expect(forbidden?.keyField).not.toBe(unreadable?.keyField);
  });
});

describe('in a reservation file', () => {
  it('spoils the next file download and is recorded with its path', async () => {
    const { service: big, clock: bigClock } = await startService({
      reservations: 1002,
      fileReadyAfterMs: 10,
    });
    try {
      const own = await login(big);
      await control(big, 'POST', 'oddities', { kind: 'unreadable', variant: 'missingLogId' });
      await control(big, 'POST', 'oddities', { kind: 'forbiddenChars' });
      const listed = await (
        await get(big, `/api/pax/getReservationList?${WHOLE_YEAR}&format=xml`, own)
      ).text();
      const fileCode = /<a:FileCode>([^<]+)<\/a:FileCode>/.exec(listed)?.[1] ?? '';
      // The FileCode answer holds no reservation: nothing is used up yet.
      expect((await sandboxState(big)).oddities.pending).toHaveLength(2);
      bigClock.advance(10);
      const text = await (await get(big, `/upload/reservations/${fileCode}.xml`, own)).text();
      expect(
        text
          .split('<a:ReservationPms>')
          .slice(1)
          .filter((item) => !item.includes('<a:LogId>')),
      ).toHaveLength(1);
      expect(text).toContain('&#xB;Late arrival');
      const state = await sandboxState(big);
      expect(state.oddities.pending).toEqual([]);
      expect(state.oddities.delivered.map((entry) => entry.path)).toEqual([
        `/upload/reservations/${fileCode}.xml`,
        `/upload/reservations/${fileCode}.xml`,
      ]);
    } finally {
      await big.close();
    }
  });
});

describe('the oddities control', () => {
  it('validates its body, lists and clears what is pending', async () => {
    for (const body of [
      {},
      { kind: 'odd' },
      { kind: 'unreadable', variant: 'x' },
      { kind: 'forbiddenChars', keyField: 3 },
    ])
      expect((await ask(body)).status).toBe(400);
    const added = (await (await ask({ kind: 'forbiddenChars', variant: 'raw', keyField: 'k' })).json()) as {
      oddities: { pending: unknown[] };
    };
    expect(added.oddities.pending).toEqual([{ kind: 'forbiddenChars', variant: 'raw', keyField: 'k' }]);
    expect(
      ((await (await control(service, 'GET', 'oddities')).json()) as typeof added).oddities.pending,
    ).toHaveLength(1);
    await control(service, 'DELETE', 'oddities');
    expect((await sandboxState(service)).oddities).toMatchObject({ enabled: false, pending: [] });
  });
});
