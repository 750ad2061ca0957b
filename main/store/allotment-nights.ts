// The rooms each operator's reservations take per channel room type and night (migration 014 / PostgreSQL 8): the
// import counts the nights of what it inserts here (nightsOfStays) and writes them in one statement per run; the
// table's triggers move the counts when a row changes or goes. A stay counts on its nights [check-in, check-out),
// the first 62 at most (LONGEST_COUNTED_STAY), used when answered, asked while waiting; cancelled and declined
// reservations count nowhere. The allotment check and the calendar read these counts (a handful of rows a stay)
// instead of walking every stay that may cover a night.
import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import { all, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';
import { sqlPerEngine } from './engines/sql-per-engine';
import {
  LONGEST_COUNTED_STAY,
  type AllotmentQuestion,
  type NightUse,
  type Reservation,
} from '../../shared/domain';

const DAY_MS = 86_400_000;

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

// PostgreSQL, for a move (move-derived.ts): the ids of what it inserted as a JSON list in $1, counted in. Each
// stay's days are read once (a materialised step: inlined, resdesk_day ran for every night of every stay), its nights
// grouped as dates and written as text once per group.
export const moveCountSql = `WITH stays AS MATERIALIZED (
              SELECT r.agency_id, r.room_type_id, resdesk_day(r.check_in) AS first_day,
                resdesk_day(r.check_out) AS last_day,
                CASE WHEN r.confirmation_status = 'W' THEN 0 ELSE r.room_count END AS used,
                CASE WHEN r.confirmation_status = 'W' THEN r.room_count ELSE 0 END AS asked
              FROM reservations r
              WHERE r.id IN (SELECT CAST(value AS bigint) FROM json_array_elements_text(CAST($1 AS json)) AS value)
                AND r.pms_status <> 3 AND r.confirmation_status <> 'H'
            )
            INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
            SELECT n.agency_id, n.room_type_id, to_char(n.night, 'YYYY-MM-DD'), n.used, n.asked FROM (
              SELECT s.agency_id, s.room_type_id, s.first_day + g AS night, sum(s.used) AS used, sum(s.asked) AS asked
              FROM stays s CROSS JOIN generate_series(0, least(62, s.last_day - s.first_day) - 1) AS g
              WHERE s.first_day IS NOT NULL AND s.last_day IS NOT NULL
              GROUP BY 1, 2, 3
            ) AS n ${upsert}`;

/** SQLite: rows copied in (local-copy.ts), their ids given, counted in from the rows as stored. */
export function countCopiedIn(db: Database, ids: readonly number[]): void {
  if (ids.length === 0) return;
  db.prepare<[string]>(
    `INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
      SELECT agency_id, room_type_id, night, sum(used), sum(asked)
      FROM (${sqliteNights('r.id IN (SELECT value FROM json_each(?))')})
      GROUP BY agency_id, room_type_id, night ${upsert}`,
  ).run(JSON.stringify(ids));
}

/** What the counts read of a reservation. */
export type CountedStay = Pick<
  Reservation,
  'agencyId' | 'roomTypeId' | 'checkIn' | 'checkOut' | 'roomCount' | 'confirmationStatus' | 'pmsStatus'
>;

// A calendar date at the start of a text, read as resdesk_day reads it. SQLite's date() reads the same texts alike,
// and also some the decoder never keeps ('now', a Julian day number): those count nights in SQLite's triggers only.
const CALENDAR_DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])/;

/** The days from 1970-01-01 to the date a text starts with (a day past its month's end rolls over); null when none. */
function daysSinceEpoch(text: string): number | null {
  const m = CALENDAR_DATE.exec(text);
  if (!m) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: that reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round(date.getTime() / DAY_MS);
}

// A page's stays share their dates: each text read once, each night written once (both kept within bounds).
const KEPT = 10_000;
const days = new Map<string, number | null>();
const nightTexts = new Map<number, string>();

function dayOf(text: string): number | null {
  let day = days.get(text);
  if (day === undefined) {
    day = daysSinceEpoch(text);
    if (days.size >= KEPT) days.clear();
    days.set(text, day);
  }
  return day;
}

/** A day number as 'YYYY-MM-DD'. */
function nightText(day: number): string {
  let text = nightTexts.get(day);
  if (text === undefined) {
    const iso = new Date(day * DAY_MS).toISOString();
    text = iso.slice(0, iso.indexOf('T'));
    if (nightTexts.size >= KEPT) nightTexts.clear();
    nightTexts.set(day, text);
  }
  return text;
}

/**
 * The counts a run of stays adds, [agency, channel room type, night, used, asked], each key once and in key order
 * (two desks adding to the same counts take their rows in the same order). The same rule as the triggers' SQL
 * (sqliteNights, resdesk_allotment_nights), counted here: reading the page's rows back and walking their nights in
 * SQL cost a 20,000 first sync some 200 ms on SQLite, and on PostgreSQL the server twice what writing the counts does.
 */
export function nightsOfStays(stays: readonly CountedStay[]): [string, string, string, number, number][] {
  // By agency, then room type, then day number: no text key per night, and no key two codes could share.
  const agencies = new Map<string, Map<string, Map<number, [number, number]>>>();
  for (const s of stays) {
    if (s.pmsStatus === 3 || s.confirmationStatus === 'H') continue;
    const first = dayOf(s.checkIn);
    const last = dayOf(s.checkOut);
    if (first === null || last === null || last <= first) continue;
    const waiting = s.confirmationStatus === 'W';
    const used = waiting ? 0 : s.roomCount;
    const asked = waiting ? s.roomCount : 0;
    let roomTypes = agencies.get(s.agencyId);
    if (!roomTypes) agencies.set(s.agencyId, (roomTypes = new Map()));
    let days = roomTypes.get(s.roomTypeId);
    if (!days) roomTypes.set(s.roomTypeId, (days = new Map()));
    const end = first + Math.min(LONGEST_COUNTED_STAY, last - first);
    for (let day = first; day < end; day++) {
      const count = days.get(day);
      if (count) {
        count[0] += used;
        count[1] += asked;
      } else days.set(day, [used, asked]);
    }
  }
  const rows: [string, string, string, number, number][] = [];
  for (const [agencyId, roomTypes] of [...agencies].sort(byKey))
    for (const [roomTypeId, days] of [...roomTypes].sort(byKey))
      for (const [day, [used, asked]] of [...days].sort(([a], [b]) => a - b))
        rows.push([agencyId, roomTypeId, nightText(day), used, asked]);
  return rows;
}

const byKey = ([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number =>
  a < b ? -1 : a > b ? 1 : 0;

/** Counts [agency, channel room type, night, used, asked] added (nightsOfStays). */
const addCounts = (rows: readonly (readonly [string, string, string, number, number])[]) =>
  sqlPerEngine<never>((engine) => ({
    sql:
      engine === 'sqlite'
        ? `INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
           SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4
           FROM json_each(?) WHERE true ${upsert}`
        : `INSERT INTO allotment_nights (agency_id, room_type_id, night, used, asked)
           SELECT v ->> 0, v ->> 1, v ->> 2, CAST(v ->> 3 AS integer), CAST(v ->> 4 AS integer)
           FROM jsonb_array_elements(CAST(? AS jsonb)) AS e(v) ${upsert}`,
    params: [JSON.stringify(rows)],
  }));

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

// The counts of runs of nights, each [agency, channel room type, first night, last night], a JSON list: one
// statement a round, each run a range of the primary key (a few runs a page, not a lookup per night).
const ofRuns = (runs: readonly (readonly [string, string, string, string])[]) =>
  sqlPerEngine<NightUse>((engine) => ({
    sql:
      engine === 'sqlite'
        ? `SELECT n.agency_id AS "agencyId", n.room_type_id AS "roomTypeId", n.night, n.used, n.asked
           FROM json_each(?) AS j JOIN allotment_nights AS n
             ON n.agency_id = j.value ->> 0 AND n.room_type_id = j.value ->> 1
               AND n.night >= j.value ->> 2 AND n.night <= j.value ->> 3`
        : `SELECT n.agency_id AS "agencyId", n.room_type_id AS "roomTypeId", n.night, n.used, n.asked
           FROM jsonb_array_elements(CAST(? AS jsonb)) AS j(v) JOIN allotment_nights AS n
             ON n.agency_id = j.v ->> 0 AND n.room_type_id = j.v ->> 1
               AND n.night >= j.v ->> 2 AND n.night <= j.v ->> 3`,
    params: [JSON.stringify(runs)],
  }));

/** Nights further apart than this start a new run: what a run reads beyond the nights asked stays small. */
const RUN_GAP_DAYS = 7;

/** The nights asked per (agency, channel room type), as runs of nights no more than RUN_GAP_DAYS apart. */
function runsOf(asked: Map<string, { agencyId: string; roomTypeId: string; nights: Set<string> }>) {
  const runs: [string, string, string, string][] = [];
  for (const { agencyId, roomTypeId, nights } of asked.values()) {
    const sorted = [...nights].sort();
    let first = sorted[0]!;
    let last = first;
    for (const night of sorted.slice(1)) {
      // Date.parse of two 'YYYY-MM-DD' texts: whole UTC days apart (a text that is no date starts a run).
      if (!((Date.parse(night) - Date.parse(last)) / DAY_MS <= RUN_GAP_DAYS)) {
        runs.push([agencyId, roomTypeId, first, last]);
        first = night;
      }
      last = night;
    }
    runs.push([agencyId, roomTypeId, first, last]);
  }
  return runs;
}

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

const busiest = prepared((p: { limit: number }) =>
  q
    .selectFrom('allotment_nights')
    .select((eb) => [
      'agency_id as agencyId',
      'room_type_id as roomTypeId',
      eb.fn.max('used').as('peak'),
      eb.fn.sum<number>(sql<number>`used + asked`).as('total'),
    ])
    .groupBy(['agency_id', 'room_type_id'])
    .orderBy('total', 'desc')
    .orderBy('agency_id')
    .orderBy('room_type_id')
    .limit(p.limit),
);

/** The allotment counts' reads, one definition for both engines (engines/op.ts). */
export const allotmentNightOps = {
  /** The counts of operators with a contract, from `from` to `last` (both included). */
  *inWindow(from: string, last: string): Op<NightUse[]> {
    return (yield* all(inWindow({ from, last }))).map(use);
  },

  /** Each question's counts, in the questions' order: every night of every question read in one statement. */
  *asked(questions: readonly AllotmentQuestion[]): Op<NightUse[][]> {
    const pairOf = (agencyId: string, roomTypeId: string): string => `${agencyId}\u0000${roomTypeId}`;
    const asked = new Map<string, { agencyId: string; roomTypeId: string; nights: Set<string> }>();
    for (const question of questions)
      for (const roomTypeId of question.roomTypeIds) {
        const pair = pairOf(question.agencyId, roomTypeId);
        let entry = asked.get(pair);
        if (!entry) asked.set(pair, (entry = { agencyId: question.agencyId, roomTypeId, nights: new Set() }));
        for (const night of question.nights) entry.nights.add(night);
      }
    const runs = runsOf(asked);
    if (runs.length === 0) return questions.map(() => []);
    const found = new Map<string, Map<string, NightUse>>();
    for (const row of yield* all(ofRuns(runs))) {
      const pair = pairOf(row.agencyId, row.roomTypeId);
      let nights = found.get(pair);
      if (!nights) found.set(pair, (nights = new Map()));
      nights.set(row.night, use(row));
    }
    return questions.map((question) => {
      const rows: NightUse[] = [];
      for (const roomTypeId of new Set(question.roomTypeIds)) {
        const nights = found.get(pairOf(question.agencyId, roomTypeId));
        if (!nights) continue;
        for (const night of question.nights) {
          const row = nights.get(night);
          if (row) rows.push(row);
        }
      }
      return rows;
    });
  },

  /** The operators' channel room types with the most rooms booked, and each one's busiest night (answered rooms). */
  *busiest(limit: number): Op<{ agencyId: string; roomTypeId: string; peak: number }[]> {
    return (yield* all(busiest({ limit }))).map((r) => ({
      agencyId: r.agencyId,
      roomTypeId: r.roomTypeId,
      peak: Number(r.peak),
    }));
  },

  /** The reservations an import inserted, counted in (the triggers count every later change). */
  *countStays(stays: readonly CountedStay[]): Op<void> {
    const rows = nightsOfStays(stays);
    if (rows.length > 0) yield* run(addCounts(rows));
  },
};
