// Where PostgreSQL's server time goes in a first sync: the import of the bench's file into a fresh database with
// pg_stat_statements loaded, each statement's total execution time on the server. Printed as `info` lines by
// `npm run bench -- import-engines` after its measures (the server restarts to load the extension, so it comes last).
import { createReadStream } from 'node:fs';
import pg from 'pg';
import { reservationKeys } from '../../main/checks';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { openHotelPool } from '../../main/hotel-db/pool';
import { HotelStore } from '../../main/hotel-db/store';
import { importOps } from '../../main/store/reservations';
import { createDatabase, type TestPostgres } from '../harness/postgres';

export interface StatementTime {
  ms: number;
  calls: number;
  /** The statement's first words, whitespace folded. */
  statement: string;
}

const AT = '2026-06-01T08:00:00.000Z';

/** The statements that took most of the server's time importing `file`; null when the server has no pg_stat_statements. */
export async function statementTimes(
  server: TestPostgres,
  file: string,
  most = 8,
): Promise<StatementTime[] | null> {
  const admin = new pg.Client({ connectionString: server.url });
  // The restart below ends this session; its error is expected.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const available = await admin.query(
      `SELECT 1 FROM pg_available_extensions WHERE name = 'pg_stat_statements'`,
    );
    if (available.rowCount === 0) return null;
    await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  await server.restart();
  const url = await createDatabase(server, 'statements');
  const pool = openHotelPool({ url, applicationName: 'resdesk bench statements' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // After the store's own tables: a database holding another program's is refused by the desk.
    const store = await HotelStore.open(pool, { origin: null });
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
    await decodeReservationStream(createReadStream(file, { highWaterMark: 64 * 1024 }), async (batch) => {
      await store.write(importOps.batch(batch, AT, { checkKeys: reservationKeys }));
    });
    const rows = await client.query<{ ms: number; calls: string; statement: string }>(
      `SELECT round(total_exec_time)::float8 AS ms, calls,
         left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS statement
       FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'
       ORDER BY total_exec_time DESC LIMIT $1`,
      [most],
    );
    return rows.rows.map((r) => ({ ms: r.ms, calls: Number(r.calls), statement: r.statement }));
  } finally {
    await client.end();
    await pool.end();
  }
}
