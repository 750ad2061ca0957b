// The rooms each operator's reservations take per channel room type and night (migration 014 / PostgreSQL 8): the
// import adds what it inserts, one statement per run; the table's triggers move the counts when a row changes or
// goes. A stay counts on its nights [check-in, check-out), the first 62 at most (LONGEST_COUNTED_STAY), used when
// answered, asked while waiting; cancelled and declined reservations count nowhere. The allotment check and the
// calendar read these counts (a handful of rows a stay) instead of walking every stay that may cover a night.
import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import { all, q, run, type Op } from './engines/op';
import { jsonListValues, preparedPerEngine } from './engines/per-engine';
import { prepared } from './engines/prepared';
import { sqlPerEngine } from './engines/sql-per-engine';
import type { AllotmentQuestion, NightUse } from '../../shared/domain';

const upsert = `ON CONFLICT (agency_id, room_type_id, night)
  DO UPDATE SET used = allotment_nights.used + excluded.used, asked = allotment_nights.asked + excluded.asked`;

/** SQLite: the nights of the reservations `where` picks, one row per reservation and night. */
const sqliteNights = (where: string): string => `
  SELECT r.agency_id, r.room_type_id, date(substr(r.check_in, 1, 10), '+' || d.key || ' days') AS night,
    CASE WHEN r.confirmation_status = 'W' THEN 0 ELSE r.room_count END AS used,
    CASE WHEN r.confirmation_status = 'W' THEN r.room_count ELSE 0 END AS asked
  FROM reservations r, json_each('[' || substr(replace(hex(zeroblob(max(0, min(62,
    CAST(julianday(substr(r.check_out, 1, 10)) - julianday(substr(r.check_in, 1, 10)) AS INTEGER))))),
    '00', ',0'), 2) || ']') AS d
  WHERE r.pms_status <> 3 AND r.confirmation_status <> 'H' AND date(substr(r.check_in, 1, 10)) IS NOT NULL
    AND ${where}`;

// PostgreSQL: `?` is the ids as a JSON list (the store's placeholder; $1 for a plain pg query, moveCountSql).
const postgresCountSql = `INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
            SELECT r.agency_id, r.room_type_id, to_char(resdesk_day(r.check_in) + g, 'YYYY-MM-DD'),
              sum(CASE WHEN r.confirmation_status = 'W' THEN 0 ELSE r.room_count END),
              sum(CASE WHEN r.confirmation_status = 'W' THEN r.room_count ELSE 0 END)
            FROM reservations r
            CROSS JOIN generate_series(0, least(62, resdesk_day(r.check_out) - resdesk_day(r.check_in)) - 1) AS g
            WHERE r.id IN (SELECT CAST(value AS bigint) FROM json_array_elements_text(CAST(? AS json)) AS value)
              AND r.pms_status <> 3 AND r.confirmation_status <> 'H'
              AND resdesk_day(r.check_in) IS NOT NULL AND resdesk_day(r.check_out) IS NOT NULL
            GROUP BY 1, 2, 3 ${upsert}`;

/** The reservations a move inserted into the hotel's database (their ids as a JSON list in $1), counted in. */
export const moveCountSql = postgresCountSql.replace('?', '$1');

/** The reservations just inserted (their ids, a JSON list) counted in. */
export const countInserted = (ids: readonly number[]) =>
  sqlPerEngine<never>((engine) =>
    engine === 'sqlite'
      ? {
          sql: `INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
            SELECT agency_id, room_type_id, night, sum(used), sum(asked)
            FROM (${sqliteNights('r.id IN (SELECT value FROM json_each(?))')})
            GROUP BY agency_id, room_type_id, night ${upsert}`,
          params: [JSON.stringify(ids)],
        }
      : { sql: postgresCountSql, params: [JSON.stringify(ids)] },
  );

/** Counts every reservation afresh: a SQLite file filled by copying rows in (the hotel database's copy). */
export function recountAllotmentNights(db: Database): void {
  db.exec(`DELETE FROM allotment_nights;
    INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
      SELECT agency_id, room_type_id, night, sum(used), sum(asked) FROM (${sqliteNights('true')})
      GROUP BY agency_id, room_type_id, night;`);
}

const nightColumns = [
  'agency_id as agencyId',
  'room_type_id as roomTypeId',
  'night',
  'used',
  'asked',
] as const;

const ofOperator = preparedPerEngine(
  (p: { agencyId: string; roomTypeIds: string; from: string; last: string }, engine) =>
    q
      .selectFrom('allotment_nights')
      .select(nightColumns)
      .where('agency_id', '=', p.agencyId)
      .where('room_type_id', 'in', jsonListValues(engine, p.roomTypeIds, 'text'))
      .where('night', '>=', p.from)
      .where('night', '<=', p.last),
);
const inWindow = prepared((p: { from: string; last: string }) =>
  q
    .selectFrom('allotment_nights')
    .select(nightColumns)
    .where('night', '>=', p.from)
    .where('night', '<=', p.last)
    .where('agency_id', 'in', q.selectFrom('contracts').select('agency_id'))
    .where(sql<boolean>`(used <> 0 OR asked <> 0)`),
);

const use = (row: NightUse): NightUse => ({ ...row, used: Number(row.used), asked: Number(row.asked) });

/** The allotment counts' reads, one definition for both engines (engines/op.ts). */
export const allotmentNightOps = {
  /** The counts of operators with a contract, from `from` to `last` (both included). */
  *inWindow(from: string, last: string): Op<NightUse[]> {
    return (yield* all(inWindow({ from, last }))).map(use);
  },

  /** Each question's counts, in the questions' order: one read per operator asked about, over its questions' nights. */
  *asked(questions: readonly AllotmentQuestion[]): Op<NightUse[][]> {
    const answers: NightUse[][] = questions.map(() => []);
    const byOperator = new Map<string, number[]>();
    questions.forEach((question, i) => {
      if (question.roomTypeIds.length === 0 || question.last < question.from) return;
      const list = byOperator.get(question.agencyId);
      if (list) list.push(i);
      else byOperator.set(question.agencyId, [i]);
    });
    for (const [agencyId, asked] of byOperator) {
      const mine = asked.map((i) => questions[i] as AllotmentQuestion);
      const from = mine.map((m) => m.from).reduce((a, b) => (b < a ? b : a));
      const last = mine.map((m) => m.last).reduce((a, b) => (b > a ? b : a));
      const roomTypeIds = [...new Set(mine.flatMap((m) => m.roomTypeIds))].sort();
      const rows = (yield* all(
        ofOperator({ agencyId, roomTypeIds: JSON.stringify(roomTypeIds), from, last }),
      )).map(use);
      // Per room type in night order: each question takes its nights from where its first night would be.
      const byRoomType = new Map<string, NightUse[]>();
      for (const row of rows) {
        const list = byRoomType.get(row.roomTypeId);
        if (list) list.push(row);
        else byRoomType.set(row.roomTypeId, [row]);
      }
      for (const list of byRoomType.values())
        list.sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : 0));
      for (const i of asked) {
        const question = questions[i] as AllotmentQuestion;
        const found: NightUse[] = [];
        for (const roomTypeId of new Set(question.roomTypeIds)) {
          const list = byRoomType.get(roomTypeId) ?? [];
          let lo = 0;
          let hi = list.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if ((list[mid] as NightUse).night < question.from) lo = mid + 1;
            else hi = mid;
          }
          for (let k = lo; k < list.length && (list[k] as NightUse).night <= question.last; k++)
            found.push(list[k] as NightUse);
        }
        answers[i] = found;
      }
    }
    return answers;
  },

  /** The reservations an import inserted, counted in (the triggers count every later change). */
  *countInserted(ids: readonly number[]): Op<void> {
    if (ids.length > 0) yield* run(countInserted(ids));
  },
};
