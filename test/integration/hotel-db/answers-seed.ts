// Rows the answers' tests need, written as plain SQL valid on both engines (the import is ported elsewhere): a
// reservation with a version, a decline reason, acknowledgements still to report.
import { encodeSnapshot } from '../../../main/store/reservations-snapshot';
import { makeReservation } from '../../unit/store/fixtures';
import type { EngineUnderTest } from './engines';

export interface SeedReservation {
  key: string;
  logId?: number;
  /** W waiting (default), E confirmed, H declined. */
  status?: 'W' | 'E' | 'H';
  kind?: 'new' | 'changed' | 'cancelled';
  adults?: number;
}

const text = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/** Inserts the reservation and its version (snapshot of the fixture's reservation); returns its id. */
export async function seedReservation(e: EngineUnderTest, r: SeedReservation): Promise<number> {
  const logId = r.logId ?? 1;
  const status = r.status ?? 'W';
  const kind = r.kind ?? 'new';
  const adults = r.adults ?? 2;
  const [row] = await e.rows(
    `INSERT INTO reservations (key_field, log_id, service_id, pms_status, change_kind, confirmation_status,
       confirmation_no, confirme_note, agency_id, agency_name, hotel_id, hotel_name, stay_hotel_name,
       original_hotel_code, partner_id, tour_op_code, tour_op_name, voucher_no, check_in, check_out, nights,
       room_id, room_name, room_type_id, room_type_name, accom_id, accom_name, room_count, adults, childs,
       infants, pax, extra_bed, fis_no, free_of_charge, honey_moon, promosyon_room, quota_type,
       reservation_status, last_change_user, note, sold_currency, sold_price, lead_guest, received_at,
       guests_json)
     VALUES (${text(r.key)}, ${logId}, 'svc-a', 0, ${text(kind)}, ${text(status)}, '', '', 'A', 'Agency', 'H',
       'Hotel', 'Hotel', 'HC', 1, 'T', 'Tour', 'V1', '2026-07-01', '2026-07-03', 2, 'R', 'Room', 'RT', 'Type',
       'B', 'Board', 1, ${adults}, 0, 0, ${adults}, 0, 0, 'N', 'N', 'N', 0, 0, 'u', '', 'EUR', 100, 'KAYA AYSE',
       '2026-06-01T08:00:00.000Z', '[]')
     RETURNING id`,
  );
  const id = Number(row?.id);
  await seedVersion(e, id, r.key, logId, adults);
  return id;
}

/**
 * One version of the reservation, as the import keeps it (the PMS list diffs two of them). LogIds are the
 * versions' key across reservations: a LogId already kept is left as it is (tests that share LogId 1).
 */
export async function seedVersion(
  e: EngineUnderTest,
  reservationId: number,
  key: string,
  logId: number,
  adults: number,
): Promise<void> {
  const snapshot = encodeSnapshot(makeReservation({ keyField: key, logId, adults }));
  await e.rows(
    `INSERT INTO reservation_versions (log_id, reservation_id, change_kind, received_at, snapshot_json)
     VALUES (${logId}, ${reservationId}, 'new', '2026-06-01T08:00:00.000Z', ${text(snapshot)})
     ON CONFLICT (log_id) DO NOTHING RETURNING log_id`,
  );
}

/** A newer version arrived: the reservation now points at it. */
export async function newVersion(
  e: EngineUnderTest,
  key: string,
  logId: number,
  change: { status?: 'W' | 'E'; kind?: 'changed' | 'cancelled'; adults?: number } = {},
): Promise<void> {
  const adults = change.adults ?? 3;
  const [row] = await e.rows(
    `UPDATE reservations SET log_id = ${logId}, confirmation_status = ${text(change.status ?? 'W')},
       change_kind = ${text(change.kind ?? 'changed')}, adults = ${adults}
     WHERE key_field = ${text(key)} RETURNING id`,
  );
  await seedVersion(e, Number(row?.id), key, logId, adults);
}

export async function seedReason(e: EngineUnderTest, id: string): Promise<void> {
  await e.rows(
    `INSERT INTO not_confirm_messages (lang, id, name, position) VALUES ('en-US', ${text(id)}, 'Full', 1) RETURNING id`,
  );
}

export async function seedAcknowledgements(
  e: EngineUnderTest,
  serviceId: string,
  logIds: readonly number[],
): Promise<void> {
  if (logIds.length === 0) return;
  const values = logIds.map((id) => `(${id}, ${text(serviceId)})`).join(', ');
  await e.rows(`INSERT INTO pending_acknowledgements (log_id, service_id) VALUES ${values} RETURNING log_id`);
}

export async function one(e: EngineUnderTest, sql: string): Promise<Record<string, unknown>> {
  const [row] = await e.rows(sql);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}
