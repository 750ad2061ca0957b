// The keys the pre-confirm checks find other reservations by (migration 012): kept current from the
// pending marks the triggers leave, and looked up per checked reservation. The keys themselves are the
// checks' (main/checks/reservation-keys.ts), handed in as a function: the store knows no check.
import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import { knownColumns, knownOf } from './checks-input';
import type { KnownReservation } from '../../shared/domain';

/** What a reservation is found by; the shape of main/checks' ReservationKeys. */
export interface StoredCheckKeys {
  voucher: string | null;
  day: number | null;
  guests: readonly { person: string; birth: number | null }[];
}

export interface StayRow {
  keyField: string;
  voucherNo: string;
  checkIn: string;
}

// A reservation counts when neither cancelled (PmsStatus 3) nor declined (H): main/checks/status.ts.
const active = `r.pms_status <> 3 AND r.confirmation_status <> 'H'`;
const stay = `SELECT r.key_field AS keyField, r.voucher_no AS voucherNo, substr(r.check_in, 1, 10) AS checkIn
  FROM check_guests g JOIN reservations r ON r.id = g.reservation_id`;
const latest = `AND g.day < ? AND r.key_field <> ? AND ${active}
  ORDER BY g.day DESC, g.reservation_id DESC LIMIT 1`;

const prepare = (db: Database) => ({
  anyPending: db.prepare<[], number>('SELECT 1 FROM check_keys_pending LIMIT 1').pluck(),
  pending: db.prepare<[], Omit<KnownReservation, 'guests'> & { id: number; guestsJson: string }>(
    `SELECT r.id, ${knownColumns} FROM check_keys_pending p JOIN reservations r ON r.id = p.reservation_id`,
  ),
  clearPending: db.prepare('DELETE FROM check_keys_pending'),
  deleteVoucher: db.prepare<[number]>('DELETE FROM check_vouchers WHERE reservation_id = ?'),
  deleteGuests: db.prepare<[number]>('DELETE FROM check_guests WHERE reservation_id = ?'),
  insertVoucher: db.prepare<[number, string, string]>(
    'INSERT INTO check_vouchers (reservation_id, agency_id, voucher) VALUES (?, ?, ?)',
  ),
  insertGuest: db.prepare<[number, string, number | null, number]>(
    'INSERT INTO check_guests (reservation_id, person, birth, day) VALUES (?, ?, ?, ?)',
  ),
  holders: db
    .prepare<[string, string, string, number], string>(
      `SELECT r.key_field FROM check_vouchers v JOIN reservations r ON r.id = v.reservation_id
     WHERE v.agency_id = ? AND v.voucher = ? AND r.key_field <> ? AND ${active}
     ORDER BY r.key_field LIMIT ?`,
    )
    .pluck(),
  holderCount: db
    .prepare<[string, string, string], number>(
      `SELECT count(*) FROM check_vouchers v JOIN reservations r ON r.id = v.reservation_id
     WHERE v.agency_id = ? AND v.voucher = ? AND r.key_field <> ? AND ${active}`,
    )
    .pluck(),
  shared: db.prepare<[], { agencyId: string; voucher: string }>(
    `SELECT v.agency_id AS agencyId, v.voucher FROM check_vouchers v JOIN reservations r ON r.id = v.reservation_id
     WHERE ${active} GROUP BY v.agency_id, v.voucher HAVING count(*) > 1`,
  ),
  latestAny: db.prepare<[string, number, string], StayRow>(`${stay} WHERE g.person = ? ${latest}`),
  latestBorn: db.prepare<[string, number, number, string], StayRow>(
    `${stay} WHERE g.person = ? AND g.birth = ? ${latest}`,
  ),
  latestUnknown: db.prepare<[string, number, string], StayRow>(
    `${stay} WHERE g.person = ? AND g.birth IS NULL ${latest}`,
  ),
});
const statements = statementsOf(prepare);

/**
 * Computes the keys of every reservation marked pending and clears the marks, in one write transaction
 * (no writer can mark a reservation between the read and the clear). Returns how many were keyed.
 */
export function refreshCheckKeys(db: Database, keysOf: (r: KnownReservation) => StoredCheckKeys): number {
  const s = statements(db);
  if (s.anyPending.get() === undefined) return 0;
  const refresh = db.transaction(() => {
    let n = 0;
    for (const { id, ...row } of s.pending.all()) {
      const keys = keysOf(knownOf(row));
      s.deleteVoucher.run(id);
      s.deleteGuests.run(id);
      if (keys.voucher !== null) s.insertVoucher.run(id, row.agencyId, keys.voucher);
      if (keys.day !== null)
        for (const guest of keys.guests) s.insertGuest.run(id, guest.person, guest.birth, keys.day);
      n += 1;
    }
    s.clearPending.run();
    return n;
  });
  return refresh.immediate();
}

/** Active holders of an agency's normalized voucher other than `self`: the first `shown` by key, and how many. */
export function voucherHolders(
  db: Database,
  agencyId: string,
  voucher: string,
  self: string,
  shown: number,
): { keyFields: string[]; count: number } {
  const s = statements(db);
  const keyFields = s.holders.all(agencyId, voucher, self, shown);
  const count =
    keyFields.length < shown ? keyFields.length : (s.holderCount.get(agencyId, voucher, self) ?? 0);
  return { keyFields, count };
}

/** Every (agency, normalized voucher) that more than one active reservation holds. */
export function sharedVouchers(db: Database): { agencyId: string; voucher: string }[] {
  return statements(db).shared.all();
}

/**
 * The active stay with the latest check-in day before `day` with a guest `person` (born on `birth`, of
 * no known birth date, or any), other than `self`; among stays of one day, the last stored.
 */
export function latestStay(
  db: Database,
  person: string,
  birth: number | 'unknown' | 'any',
  day: number,
  self: string,
): StayRow | undefined {
  const s = statements(db);
  if (birth === 'any') return s.latestAny.get(person, day, self);
  if (birth === 'unknown') return s.latestUnknown.get(person, day, self);
  return s.latestBorn.get(person, birth, day, self);
}
