// What moving a desk's SQLite data into the hotel's database copies, table by table, in foreign-key order
// (parents first), and how a row already in the target is recognised as the same row.
//
// `key` is the table's primary key: the ON CONFLICT target, the copy's order, and what the count check looks up.
// `identity` are columns that never change once a row is written: a row whose key is already in the target must
// agree on them, or it is another row under the same key (another desk's reservation with this desk's id) and
// the move is refused. Columns that do change (a decision's state, a mapping's hotel code) may differ: the
// target's are newer and kept. `sequence` marks an id the database generates: its sequence is moved past the
// highest id so that the next insert does not collide with a moved row. `names` are shortened as they are copied
// (shortenedName), as the desk now reads them: a desk may hold one stored before names were bounded, which the
// service no longer lists (an agency it dropped), and the hotel database's index may refuse a long one.
//
// Not copied but rebuilt from the moved reservations (move-derived.ts): reservation_search (FTS5 on SQLite, a
// tsvector of the import's words on PostgreSQL), reservation_tally and allotment_nights (counted from the moved rows) and the
// check keys (check_guests has no key; every moved reservation is queued in check_keys_pending instead, so the
// desk computes its keys with the checks of its version).
export interface MovedTable {
  readonly name: string;
  readonly key: readonly string[];
  readonly identity: readonly string[];
  readonly sequence?: boolean;
  readonly names?: readonly string[];
}

export const movedTables: readonly MovedTable[] = [
  { name: 'settings', key: ['key'], identity: [] },
  { name: 'activity', key: ['id'], identity: ['at', 'user', 'action'], sequence: true },
  { name: 'stop_sales', key: ['id'], identity: ['created_at', 'created_by', 'hotel_code'], sequence: true },
  { name: 'contracts', key: ['id'], identity: [], sequence: true },
  { name: 'stop_sale_notices', key: ['stop_sale_id', 'agency_id'], identity: [] },
  { name: 'mappings', key: ['agency_id', 'kind', 'channel_code'], identity: [] },
  { name: 'hotel_codes', key: ['kind', 'code_key'], identity: [] },
  { name: 'agencies', key: ['id'], identity: [], names: ['name'] },
  { name: 'not_confirm_messages', key: ['lang', 'id'], identity: [] },
  { name: 'stay_codes', key: ['agency_id', 'kind', 'code'], identity: [] },
  { name: 'reservations', key: ['id'], identity: ['key_field'], sequence: true },
  { name: 'reservation_raw', key: ['reservation_id'], identity: [] },
  { name: 'reservation_versions', key: ['log_id'], identity: ['reservation_id', 'change_kind'] },
  { name: 'set_aside_items', key: ['id'], identity: ['fingerprint'], sequence: true },
  {
    name: 'decisions',
    key: ['id'],
    identity: ['key_field', 'action', 'decided_at'],
    sequence: true,
  },
  { name: 'pending_acknowledgements', key: ['log_id'], identity: [] },
  { name: 'pms_entries', key: ['reservation_id'], identity: [] },
  { name: 'pms_entry_log', key: ['id'], identity: ['reservation_id', 'log_id', 'at'], sequence: true },
];

/** Tables of the desk that are rebuilt in the target instead of copied. */
export const rebuiltTables: readonly string[] = [
  'reservation_search',
  'reservation_tally',
  'check_guests',
  'check_vouchers',
  'check_keys_pending',
  'allotment_nights',
];

/** SQLite's own bookkeeping and FTS5's shadow tables: nothing of the desk's. */
export const sqliteInternal = /^(sqlite_|reservation_search_)/;
