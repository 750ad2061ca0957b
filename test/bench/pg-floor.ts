// PostgreSQL's own floor for a first sync: what the server spends storing the rows the import leaves behind (every
// table it wrote, the same schema, indexes and constraints) by its cheapest path, COPY from a file, in one
// transaction. The import's server time over this is what the import's way of writing costs beyond the engine's
// work; printed by `npm run bench -- import-engines` as an `info` line, for whoever works on the import.
import { createReadStream, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { reservationKeys } from '../../main/checks';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { movedTables } from '../../main/hotel-db/move-tables';
import { openHotelPool } from '../../main/hotel-db/pool';
import { HotelStore } from '../../main/hotel-db/store';
import { importOps } from '../../main/store/reservations';
import { createDatabase, dropDatabase, serverFolder, type TestPostgres } from '../harness/postgres';
import { median } from './median';
import { postgresCpuMs } from './postgres-cpu';

const AT = '2026-06-01T08:00:00.000Z';

export interface PostgresFloor {
  /** The server's CPU ms to COPY every table's rows in (median of the runs), measured as the import's is. */
  cpuMs: number;
  /** The tables copied, with their rows, in the order copied. */
  tables: { table: string; rows: number }[];
}

/** A database holding the store's tables and nothing else, and a client on it. */
async function freshStore(server: TestPostgres, name: string): Promise<{ url: string; client: pg.Client }> {
  const url = await createDatabase(server, name);
  const pool = openHotelPool({ url, applicationName: 'resdesk bench floor' });
  try {
    await HotelStore.open(pool, { origin: null });
  } finally {
    await pool.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { url, client };
}

/** Every user table with its count of rows. */
async function rowCounts(client: pg.Client): Promise<Map<string, number>> {
  const names = await client.query<{ table: string }>(
    `SELECT relname AS table FROM pg_stat_user_tables WHERE schemaname = 'public'`,
  );
  const rows = new Map<string, number>();
  for (const { table } of names.rows) {
    const n = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
    rows.set(table, Number(n.rows[0]?.n ?? 0));
  }
  return rows;
}

/** Parents before the rows that refer to them, as a move writes them; the derived tables (no foreign key) after. */
const copyOrder = (table: string): number => {
  const at = movedTables.findIndex((t) => t.name === table);
  return at < 0 ? movedTables.length : at;
};

/** The floor of importing `file` (see the top of this file), over `runs` fresh databases. */
export async function postgresFloor(
  server: TestPostgres,
  file: string,
  runs: number,
): Promise<PostgresFloor> {
  let dir: string | null = null;
  const source = await freshStore(server, 'floorsource');
  try {
    // The server reads and writes the files itself: as another user when the tests run as root.
    dir = serverFolder('resdesk-pg-floor-');
    const before = await rowCounts(source.client);
    const pool = openHotelPool({ url: source.url, applicationName: 'resdesk bench floor' });
    try {
      const store = await HotelStore.open(pool, { origin: null });
      await decodeReservationStream(createReadStream(file, { highWaterMark: 64 * 1024 }), async (batch) => {
        await store.write(importOps.batch(batch, AT, { checkKeys: reservationKeys }));
      });
    } finally {
      await pool.end();
    }
    // What the import wrote: tables empty before it (the store's own settings are written by opening it).
    const tables = [...(await rowCounts(source.client))]
      .filter(([table, rows]) => rows > 0 && (before.get(table) ?? 0) === 0)
      .map(([table, rows]) => ({ table, rows }))
      .sort((a, b) => copyOrder(a.table) - copyOrder(b.table));
    const fileOf = (table: string): string => path.join(dir ?? '', `${table}.copy`);
    for (const { table } of tables) await source.client.query(`COPY "${table}" TO '${fileOf(table)}'`);

    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const target = await freshStore(server, 'floortarget');
      try {
        const start = postgresCpuMs();
        await target.client.query('BEGIN');
        for (const { table } of tables) await target.client.query(`COPY "${table}" FROM '${fileOf(table)}'`);
        await target.client.query('COMMIT');
        cpu.push(postgresCpuMs() - start);
      } finally {
        await target.client.end();
        await dropDatabase(server, target.url);
      }
    }
    return { cpuMs: median(cpu), tables };
  } finally {
    await source.client.end();
    await dropDatabase(server, source.url);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
