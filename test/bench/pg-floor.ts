// PostgreSQL's own floor for a first sync: what the server spends storing the rows the import leaves behind (every
// table it wrote, the same schema, indexes and constraints) by its cheapest path, COPY from a file, in one
// transaction. The import's server time over this is what the import's way of writing costs beyond the engine's
// work; printed by `npm run bench -- import-engines` as an `info` line, for whoever works on the import.
import { chmodSync, createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reservationKeys } from '../../main/checks';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { openHotelPool } from '../../main/hotel-db/pool';
import { HotelStore } from '../../main/hotel-db/store';
import { importOps } from '../../main/store/reservations';
import { createDatabase, dropDatabase, type TestPostgres } from '../harness/postgres';

const AT = '2026-06-01T08:00:00.000Z';

export interface PostgresFloor {
  /** Server CPU ms to COPY every table's rows in (median of the runs). */
  cpuMs: number;
  /** The tables copied, with their rows, in the order copied. */
  tables: { table: string; rows: number }[];
}

/** CPU ms the server process `pid` has used (USER_HZ is 100 on Linux). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;

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

/** The user tables with rows, each with its count. */
async function filled(client: pg.Client): Promise<Map<string, number>> {
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

/** The floor of importing `file` (see the top of this file), over `runs` fresh databases. */
export async function postgresFloor(
  server: TestPostgres,
  file: string,
  runs: number,
): Promise<PostgresFloor> {
  // The server reads and writes the files itself: as another user when the tests run as root.
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-pg-floor-'));
  chmodSync(dir, 0o777);
  const source = await freshStore(server, 'floorsource');
  try {
    const before = await filled(source.client);
    const pool = openHotelPool({ url: source.url, applicationName: 'resdesk bench floor' });
    try {
      const store = await HotelStore.open(pool, { origin: null });
      await decodeReservationStream(createReadStream(file, { highWaterMark: 64 * 1024 }), async (batch) => {
        await store.write(importOps.batch(batch, AT, { checkKeys: reservationKeys }));
      });
    } finally {
      await pool.end();
    }
    // What the import wrote: tables empty before it (the store's own settings are written by opening it). The
    // reservations first: the versions refer to them.
    const tables = [...(await filled(source.client))]
      .filter(([table, rows]) => rows > 0 && (before.get(table) ?? 0) === 0)
      .map(([table, rows]) => ({ table, rows }))
      .sort((a, b) => Number(b.table === 'reservations') - Number(a.table === 'reservations'));
    for (const { table } of tables)
      await source.client.query(`COPY "${table}" TO '${path.join(dir, `${table}.copy`)}'`);

    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const target = await freshStore(server, 'floortarget');
      try {
        const pid = (await target.client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
          ?.pid;
        if (pid === undefined) throw new Error('no server process');
        const start = processCpuMs(pid);
        await target.client.query('BEGIN');
        for (const { table } of tables)
          await target.client.query(`COPY "${table}" FROM '${path.join(dir, `${table}.copy`)}'`);
        await target.client.query('COMMIT');
        cpu.push(processCpuMs(pid) - start);
      } finally {
        await target.client.end();
        await dropDatabase(server, target.url);
      }
    }
    return { cpuMs: median(cpu), tables };
  } finally {
    await source.client.end();
    await dropDatabase(server, source.url);
    rmSync(dir, { recursive: true, force: true });
  }
}
