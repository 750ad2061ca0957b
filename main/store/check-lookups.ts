// The pre-confirm checks' questions about other reservations (main/checks/asked-reservations.ts), answered from
// the key indexes (check-keys.ts) a round at a time: every question of a kind in one statement, the questions
// bound as one JSON array. A page of 200 reservations asks some 400 questions; one statement each cost 11–17 ms on
// SQLite and would cost a round trip each to the hotel's database across the LAN (hundreds of ms a page).
// The statements are written per engine where they read the JSON (each engine its own functions); the rest is
// the same text. A stay is looked up with a correlated subquery (ORDER BY … LIMIT 1 on the guest index, as one
// question alone would be): an index seek to the person's stays before the day, read newest first in the index
// itself (the birth is its last column), never a scan of all the reservations.
import { sqlPerEngine } from './engines/sql-per-engine';
import { all, type Op } from './engines/op';
import type { EngineName } from './engines/per-engine';

/** Who else holds an agency's normalized voucher: the first `shown` by key, and how many. */
export interface VoucherQuestion {
  agencyId: string;
  voucher: string;
  self: string;
  shown: number;
}
export interface VoucherHoldersRow {
  keyFields: string[];
  count: number;
}

/** A guest's latest earlier stay: born on `birth` (YYYYMMDD), of no known birth date, or any. */
export interface StayQuestion {
  person: string;
  birth: number | 'unknown' | 'any';
  day: number;
  self: string;
}
export interface StayRow {
  keyField: string;
  voucherNo: string;
  checkIn: string;
}

/** Questions about other reservations, asked together. */
export interface CheckLookups {
  vouchers: readonly VoucherQuestion[];
  stays: readonly StayQuestion[];
}
/** The answers, in the questions' order (null: no earlier stay). */
export interface CheckLookupAnswers {
  vouchers: VoucherHoldersRow[];
  stays: (StayRow | null)[];
}

// A reservation counts when neither cancelled (PmsStatus 3) nor declined (H): main/checks/status.ts.
const active = (r: string): string => `${r}.pms_status <> 3 AND ${r}.confirmation_status <> 'H'`;

/** The questions as rows `q`: JSON arrays of [i, …columns], each column read as text or as a number. */
function questions(engine: EngineName, columns: readonly [name: string, type: 'text' | 'number'][]): string {
  const read = (n: number, type: 'text' | 'number'): string =>
    engine === 'sqlite' ? `value ->> ${n}` : type === 'text' ? `v ->> ${n}` : `CAST(v ->> ${n} AS bigint)`;
  const list = [
    read(0, 'number') + ' AS i',
    ...columns.map(([name, type], k) => `${read(k + 1, type)} AS ${name}`),
  ];
  return engine === 'sqlite'
    ? `(SELECT ${list.join(', ')} FROM json_each(?)) AS q`
    : `(SELECT ${list.join(', ')} FROM json_array_elements(CAST(? AS json)) AS e(v)) AS q`;
}

const holdersSql = (engine: EngineName): string => `
  SELECT h.i, h.key_field AS "keyField", h.total FROM (
    SELECT q.i, r.key_field, q.shown,
      row_number() OVER (PARTITION BY q.i ORDER BY r.key_field) AS n,
      count(*) OVER (PARTITION BY q.i) AS total
    FROM ${questions(engine, [
      ['agency_id', 'text'],
      ['voucher', 'text'],
      ['self', 'text'],
      ['shown', 'number'],
    ])}
    JOIN check_vouchers v ON v.agency_id = q.agency_id AND v.voucher = q.voucher
    JOIN reservations r ON r.id = v.reservation_id
    WHERE r.key_field <> q.self AND ${active('r')}
  ) AS h
  WHERE h.n <= h.shown
  ORDER BY h.i, h.n`;

type Birth = 'born' | 'unknown' | 'any';
const birthWhere: Record<Birth, string> = {
  born: 'AND g.birth = q.birth',
  unknown: 'AND g.birth IS NULL',
  any: '',
};
const staysSql = (engine: EngineName, birth: Birth): string => `
  SELECT q.i, r.key_field AS "keyField", r.voucher_no AS "voucherNo", substr(r.check_in, 1, 10) AS "checkIn"
  FROM ${questions(engine, [
    ['person', 'text'],
    ['birth', 'number'],
    ['day', 'number'],
    ['self', 'text'],
  ])}
  JOIN reservations r ON r.id = (
    SELECT g.reservation_id FROM check_guests g JOIN reservations o ON o.id = g.reservation_id
    WHERE g.person = q.person ${birthWhere[birth]} AND g.day < q.day AND o.key_field <> q.self AND ${active('o')}
    ORDER BY g.day DESC, g.reservation_id DESC
    LIMIT 1)`;

const holdersOf = (rows: unknown[][]) =>
  sqlPerEngine<{ i: number; keyField: string; total: number }>((engine) => ({
    sql: holdersSql(engine),
    params: [JSON.stringify(rows)],
  }));
const staysOf = (birth: Birth, rows: unknown[][]) =>
  sqlPerEngine<{ i: number } & StayRow>((engine) => ({
    sql: staysSql(engine, birth),
    params: [JSON.stringify(rows)],
  }));

const modeOf = (birth: StayQuestion['birth']): Birth =>
  birth === 'any' || birth === 'unknown' ? birth : 'born';

/** The check lookups' operation, one definition for both engines (engines/op.ts). */
export const checkLookupOps = {
  /** Every question answered: one statement for the vouchers, one per kind of birth filter for the stays. */
  *answer({ vouchers, stays }: CheckLookups): Op<CheckLookupAnswers> {
    const answers: CheckLookupAnswers = {
      vouchers: vouchers.map(() => ({ keyFields: [], count: 0 })),
      stays: stays.map(() => null),
    };
    if (vouchers.length > 0) {
      const rows = vouchers.map((v, i) => [i, v.agencyId, v.voucher, v.self, v.shown]);
      for (const { i, keyField, total } of yield* all(holdersOf(rows))) {
        const answer = answers.vouchers[i];
        if (!answer) continue;
        answer.keyFields.push(keyField);
        answer.count = Number(total);
      }
    }
    for (const birth of ['born', 'unknown', 'any'] as const) {
      const rows: unknown[][] = [];
      stays.forEach((s, i) => {
        if (modeOf(s.birth) === birth)
          rows.push([i, s.person, typeof s.birth === 'number' ? s.birth : 0, s.day, s.self]);
      });
      if (rows.length === 0) continue;
      for (const { i, keyField, voucherNo, checkIn } of yield* all(staysOf(birth, rows)))
        answers.stays[i] = { keyField, voucherNo, checkIn };
    }
    return answers;
  },
};
