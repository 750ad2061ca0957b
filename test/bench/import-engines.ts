// `npm run bench -- import-engines`: the import on both engines, each figure against a bound measured in the same
// run (the machines are shared and noisy):
//  - the first sync of a 20,000-reservation JSON file (streamed and decoded as the sync does, pages of 2000, check
//    keys computed in each page's transaction as the desk does) into PostgreSQL against the same into SQLite, in CPU
//    (on PostgreSQL this process's and the server's) and in wall time;
//  - statements per imported reservation on PostgreSQL (every query a pg client sent, BEGIN and COMMIT included);
//  - the first inbox page with its checks after a first sync of 100,000, against the bare page;
//  - the whole JSON first sync of 20,000 in a process of its own against the bare floor, also in a process of its
//    own (floor.ts);
//  - then, for whoever works on it, what the server would spend storing the same rows by COPY (pg-floor.ts) and
//    where its time goes: each statement's (pg-statements.ts).
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reservationKeys } from '../../main/checks';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { openHotelPool } from '../../main/hotel-db/pool';
import { HotelStore } from '../../main/hotel-db/store';
import { DeskChecks } from '../../main/operations/checks';
import { Store } from '../../main/store';
import { sqliteDeskStore } from '../../main/store/engines/desk-store';
import { importOps } from '../../main/store/reservations';
import { createDatabase, dropDatabase, startPostgres, type TestPostgres } from '../harness/postgres';
import { generateReservations } from '../unit/store/fixtures';
import { makeFiles } from './files';
import { cpuNow } from './import-once';
import { floorInOwnProcess } from './floor';
import { inOwnProcess } from './own-process';
import { median } from './median';
import { postgresFloor, type PostgresFloor } from './pg-floor';
import { postgresCpuMs } from './postgres-cpu';
import { statementTimes, type StatementTime } from './pg-statements';

/** A ratio measured in pairs: the median of the pairs' ratios, and their lowest and highest (how steady the run was). */
export interface PairedRatio {
  ratio: number;
  lowest: number;
  highest: number;
}

/**
 * The median of the ratios of runs taken side by side: the shared machine's pace drifts by a sixth between minutes,
 * and a pair measured back to back shares it, where two medians may come from different minutes.
 */
function pairedRatio(top: number[], bottom: number[]): PairedRatio {
  const ratios = top.map((t, i) => t / (bottom[i] ?? Number.NaN));
  return { ratio: median(ratios), lowest: Math.min(...ratios), highest: Math.max(...ratios) };
}
const AT = '2026-06-01T08:00:00.000Z';
const TODAY = new Date(2026, 5, 15, 12);
const keyed = { checkKeys: reservationKeys };

interface Run {
  ms: number;
  cpuMs: number;
  /** Of cpuMs, the server's (PostgreSQL; 0 on SQLite). */
  serverCpuMs: number;
  statements: number;
  count: number;
}

async function intoSqlite(file: string, dbFile: string): Promise<Run> {
  for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true });
  const store = Store.open(dbFile);
  try {
    const start = performance.now();
    const cpu = cpuNow();
    const { count } = await decodeReservationStream(
      createReadStream(file, { highWaterMark: 64 * 1024 }),
      async (batch) => {
        store.importBatch(batch, AT, keyed);
      },
    );
    return { ms: performance.now() - start, cpuMs: cpuNow() - cpu, serverCpuMs: 0, statements: 0, count };
  } finally {
    store.close();
  }
}

async function intoPostgres(server: TestPostgres, file: string): Promise<Run> {
  const url = await createDatabase(server, 'bench');
  const pool = openHotelPool({ url, applicationName: 'resdesk bench' });
  try {
    const store = await HotelStore.open(pool, { origin: null });
    // Every query any pg client sends while the import runs: one round trip each.
    let statements = 0;
    const query = pg.Client.prototype.query;
    const counting = function (this: pg.Client, ...args: unknown[]): unknown {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    };
    pg.Client.prototype.query = counting as typeof query;
    try {
      const start = performance.now();
      const cpu = cpuNow();
      const serverCpu = postgresCpuMs();
      const { count } = await decodeReservationStream(
        createReadStream(file, { highWaterMark: 64 * 1024 }),
        async (batch) => {
          await store.write(importOps.batch(batch, AT, keyed));
        },
      );
      const ms = performance.now() - start;
      const server = postgresCpuMs() - serverCpu;
      return { ms, cpuMs: cpuNow() - cpu + server, serverCpuMs: server, statements, count };
    } finally {
      pg.Client.prototype.query = query;
    }
  } finally {
    await pool.end();
    // Its autovacuum would otherwise run beside the next run and be counted as that run's server time.
    await dropDatabase(server, url);
  }
}

export interface ImportEnginesBench {
  reservations: number;
  runs: number;
  sqlite: { ms: number; cpuMs: number };
  postgres: { ms: number; cpuMs: number; serverCpuMs: number; statements: number };
  cpuRatio: PairedRatio;
  wallRatio: PairedRatio;
  statementsPerReservation: number;
  inbox: {
    reservations: number;
    bareCpuMs: number;
    firstCpuMs: number;
    firstMs: number;
    pendingAfter: number;
  };
  whole: { cpuMs: number; processCpuMs: number; floorCpuMs: number; ratio: PairedRatio };
  /** The server's CPU storing the rows the import leaves behind by COPY, in one transaction. */
  postgresFloor: PostgresFloor;
  /** Server time per statement of one more PostgreSQL import (null: no pg_stat_statements on this server). */
  statements: StatementTime[] | null;
}

/** A first sync of `count` generated reservations in pages of 2000, keyed as the desk does; then its first page. */
async function firstPageAfterSync(
  dir: string,
  count: number,
  runs: number,
): Promise<ImportEnginesBench['inbox']> {
  const file = path.join(dir, 'inbox.db');
  let store = Store.open(file);
  for (let first = 0; first < count; first += 2000)
    store.importBatch(generateReservations(Math.min(2000, count - first), 42 + first, first), AT, keyed);
  const pendingAfter =
    store.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM check_keys_pending').get()?.n ?? -1;
  store.close();
  const query = { filter: {}, sort: 'arrival', direction: 'desc', offset: 0, limit: 200 } as const;
  const bare: number[] = [];
  const firstCpu: number[] = [];
  const firstWall: number[] = [];
  for (let i = 0; i < runs; i++) {
    store = Store.open(file);
    let cpu = cpuNow();
    store.inboxPage(query);
    bare.push(cpuNow() - cpu);
    store.close();
    store = Store.open(file);
    const opened = sqliteDeskStore(store);
    const checks = new DeskChecks(
      () => opened,
      () => TODAY,
    );
    cpu = cpuNow();
    const start = performance.now();
    await checks.markRows(store.inboxPage(query).rows);
    firstWall.push(performance.now() - start);
    firstCpu.push(cpuNow() - cpu);
    store.close();
  }
  return {
    reservations: count,
    bareCpuMs: median(bare),
    firstCpuMs: median(firstCpu),
    firstMs: median(firstWall),
    pendingAfter,
  };
}

export async function benchImportEngines(
  reservations = 20_000,
  inboxReservations = 100_000,
  // Seven pairs: the machine's pace swings a pair's ratio by a tenth either way, and five left the median as loose.
  runs = 7,
): Promise<ImportEnginesBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-import-engines-'));
  const server = await startPostgres();
  try {
    const { json } = await makeFiles(dir, reservations);
    const dbFile = path.join(dir, 'desk.db');
    const sqlite: Run[] = [];
    const postgres: Run[] = [];
    // Warm both paths once, then alternate.
    await intoSqlite(json, dbFile);
    await intoPostgres(server, json);
    for (let i = 0; i < runs; i++) {
      sqlite.push(await intoSqlite(json, dbFile));
      postgres.push(await intoPostgres(server, json));
    }
    const s = { ms: median(sqlite.map((r) => r.ms)), cpuMs: median(sqlite.map((r) => r.cpuMs)) };
    const p = {
      ms: median(postgres.map((r) => r.ms)),
      cpuMs: median(postgres.map((r) => r.cpuMs)),
      serverCpuMs: median(postgres.map((r) => r.serverCpuMs)),
      statements: median(postgres.map((r) => r.statements)),
    };
    const count = postgres[0]?.count ?? reservations;

    const inbox = await firstPageAfterSync(dir, inboxReservations, runs);

    const whole: { cpuMs: number; processCpuMs: number }[] = [];
    const floor: number[] = [];
    for (let i = 0; i < runs; i++) {
      whole.push(
        inOwnProcess<{ cpuMs: number; processCpuMs: number }>(new URL('./import-once.ts', import.meta.url), [
          json,
          dbFile,
          '--keyed',
        ]),
      );
      floor.push(floorInOwnProcess(json, path.join(dir, 'floor.db')).cpuMs);
    }
    const floorOfPostgres = await postgresFloor(server, json, runs);
    const statements = await statementTimes(server, json);
    const wholeCpu = median(whole.map((w) => w.cpuMs));
    const floorCpu = median(floor);
    return {
      reservations: count,
      runs,
      sqlite: s,
      postgres: p,
      cpuRatio: pairedRatio(
        postgres.map((r) => r.cpuMs),
        sqlite.map((r) => r.cpuMs),
      ),
      wallRatio: pairedRatio(
        postgres.map((r) => r.ms),
        sqlite.map((r) => r.ms),
      ),
      statementsPerReservation: p.statements / count,
      inbox,
      whole: {
        cpuMs: wholeCpu,
        processCpuMs: median(whole.map((w) => w.processCpuMs)),
        floorCpuMs: floorCpu,
        ratio: pairedRatio(
          whole.map((w) => w.cpuMs),
          floor,
        ),
      },
      postgresFloor: floorOfPostgres,
      statements,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
