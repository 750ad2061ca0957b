// How versions are stored: a decoded item as itself (format 2), anything else as format 1, both read back
// to the same Reservation.
import { afterEach, describe, expect, it } from 'vitest';
import { readingOps } from '../../../main/store/reservations-read';
import { runSqlite } from '../../../main/store/engines/run-sqlite';
import { Store } from '../../../main/store';
import type { Database } from 'better-sqlite3';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { openDatabase } from '../../../main/store/db';
import { importBatch } from '../../../main/store/reservations';
import { decodeSnapshot, SnapshotFormatError } from '../../../main/store/reservations-snapshot';
import type { Reservation } from '../../../shared/domain';
import { makeGuest, makeReservation } from './fixtures';

const key = '1001|AG|VC77|1';
// As the service sends it: field order, spacing and an unknown field are the service's own.
const itemText = `{"KeyField":"${key}", "LogId":77,"ServiceId":"S-1","PmsStatus":0,"ConfirmationStatus":"W",
  "AgencyId":"AG","CheckIn":"2026-07-10T00:00:00","CheckOut":"2026-07-17T00:00:00","Nights":7,
  "VoucherNo":"VC77","WebPromoCode":"SUMMER25",
  "Customers":[{"Name":"IŞIK AYŞE","Age":34,"ReservationKeyField":"${key}"}]}`;

/** Decodes a whole answer as the sync does, XML or JSON. */
async function decode(text: string): Promise<Reservation[]> {
  const items: Reservation[] = [];
  const chunks = (async function* () {
    yield text;
  })();
  await decodeReservationStream(chunks, async (batch) => {
    items.push(...batch);
  });
  return items;
}

const snapshotText = (db: Database, logId: number): string =>
  db
    .prepare<[number], string>('SELECT snapshot_json FROM reservation_versions WHERE log_id = ?')
    .pluck()
    .get(logId) ?? '';

let db: Database | null = null;
afterEach(() => db?.close());

describe('version snapshots', () => {
  it('a JSON item is stored as the very text received, and reads back as the decoded reservation', async () => {
    const [decoded] = await decode(`{"Data":[${itemText}],"IsSuccessful":true}`);
    if (!decoded) throw new Error('nothing decoded');
    db = openDatabase(':memory:');
    importBatch(db, [decoded], '2026-06-01T08:00:00.000Z');

    expect(snapshotText(db, 77)).toBe(itemText);
    const [version] = runSqlite(db, readingOps.versions(key));
    expect(version?.snapshot).toEqual(decoded);
    expect(new Store(db).getReservation(key)?.raw).toEqual(decoded.raw);
    expect(new Store(db).getReservation(key)?.raw.WebPromoCode).toBe('SUMMER25');
  });

  it('an XML item is stored as its JSON form and reads back the same', async () => {
    const xml = `<ReservationPmsListResult xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><Data>
      <ReservationPms><KeyField>${key}</KeyField><LogId>78</LogId><ServiceId>S-1</ServiceId>
      <PmsStatus>0</PmsStatus><ConfirmationStatus>W</ConfirmationStatus><CheckIn>2026-07-10T00:00:00</CheckIn>
      <CheckOut>2026-07-17T00:00:00</CheckOut><RoomNo i:nil="true"/><Note>a &amp; b</Note>
      <Customers><CustomerPms><Name>IŞIK AYŞE</Name></CustomerPms></Customers></ReservationPms>
      </Data><IsSuccessful>true</IsSuccessful></ReservationPmsListResult>`;
    const [decoded] = await decode(xml);
    if (!decoded) throw new Error('nothing decoded');
    db = openDatabase(':memory:');
    importBatch(db, [decoded], '2026-06-01T08:00:00.000Z');

    expect(snapshotText(db, 78).startsWith('{')).toBe(true);
    expect(runSqlite(db, readingOps.versions(key))[0]?.snapshot).toEqual(decoded);
    expect(decoded.note).toBe('a & b');
  });

  it('a reservation changed after decoding, or built by hand, is stored in format 1 with its own values', async () => {
    const [decoded] = await decode(`[${itemText}]`);
    if (!decoded) throw new Error('nothing decoded');
    const copy = { ...decoded, logId: 79, nights: 9 };
    const byHand = makeReservation({ keyField: 'K-2', logId: 80, guests: [makeGuest('Ana', 'K-2')] });
    db = openDatabase(':memory:');
    importBatch(db, [copy, byHand], '2026-06-01T08:00:00.000Z');

    expect(snapshotText(db, 79).startsWith('[1,')).toBe(true);
    expect(runSqlite(db, readingOps.versions(key))[0]?.snapshot).toEqual(copy);
    expect(runSqlite(db, readingOps.versions('K-2'))[0]?.snapshot).toEqual(byHand);
  });

  it('a damaged snapshot is a SnapshotFormatError, whatever its format', () => {
    expect(() => decodeSnapshot('{"KeyField":"K"}')).toThrow(SnapshotFormatError);
    expect(() => decodeSnapshot('[2,[]]')).toThrow(SnapshotFormatError);
  });
});
