// `resdesk --db postgres://…` (or RESDESK_DATABASE_URL) works in the hotel's shared database, against a
// real PostgreSQL and the practice service. sync is a desk there: it talks to the service only while it holds the
// service lease; confirm queues and the talking desk sends once; SQLite-only commands refuse the address; the
// password is never printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Lease, migrateHotelDb, openHotelPool } from '../../../main/hotel-db';
import { SQLITE_ONLY } from '../../../main/cli/open-store';
import path from 'node:path';
import { createDatabase, startPostgres, type TestPostgres } from '../../harness/postgres';
import { runResdesk, type CliRun } from '../../harness/resdesk-cli';
import { control, sandboxState, tempDir } from '../sync/helpers';

interface CycleJson {
  received: number;
  new: number;
  changed: number;
  cancelled: number;
  acknowledged: number;
  sent: number;
  error: string | null;
}

interface ListedRow {
  keyField: string;
  confirmationStatus: string;
  changeKind: string;
}

describe('resdesk on the hotel database (PostgreSQL)', () => {
  let server: TestPostgres;
  let service: PracticeService;
  let home: ReturnType<typeof tempDir>;
  /** Every run's output, searched for the password at the end. */
  const runs: CliRun[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    service = await startPracticeService({ port: 0, reservations: 40, seed: 11 });
    home = tempDir('resdesk-cli-pg-');
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await server?.stop();
    home?.remove();
  });

  /** The service's user and password as the CLI reads them; HOME keeps the CLI's voucher folder in the test's. */
  const resdesk = async (args: string[], env: Record<string, string> = {}): Promise<CliRun> => {
    const run = await runResdesk(args, {
      env: { RESDESK_USER: 'demo', RESDESK_PASSWORD: 'demo', HOME: home.dir, ...env },
    });
    runs.push(run);
    return run;
  };
  const service_ = () => ['--service', service.url, '--partner-id', '1001'];
  const list = async (): Promise<ListedRow[]> => {
    const run = await resdesk(['list', '--json'], { RESDESK_DATABASE_URL: server.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as ListedRow[];
  };

  it('sync --once stores the reservations in the database; list (by RESDESK_DATABASE_URL) and show read them', async () => {
    const sync = await resdesk(['sync', '--db', server.url, ...service_(), '--once', '--json']);
    expect(sync.stderr).toBe('');
    expect(sync.code).toBe(0);
    const report = JSON.parse(sync.stdout) as CycleJson;
    expect(report.new + report.changed + report.cancelled).toBe(40);
    expect(report.acknowledged).toBe(40);
    expect(new Set((await sandboxState(service.url)).acknowledged.map((a) => a.logId)).size).toBe(40);

    const rows = await list();
    expect(rows).toHaveLength(40);
    const first = rows[0];
    if (!first) throw new Error('no rows listed');
    const show = await resdesk(['show', first.keyField, '--db', server.url, '--json']);
    expect(show.code).toBe(0);
    const detail = JSON.parse(show.stdout) as { reservation: { keyField: string }; checks: unknown };
    expect(detail.reservation.keyField).toBe(first.keyField);
    // The pre-confirm checks run on the hotel's database as on a file: a waiting reservation seen from a day long
    // after its check-in is late.
    expect(Array.isArray(detail.checks)).toBe(true);
    const waiting = rows.find((r) => r.confirmationStatus === 'W' && r.changeKind !== 'cancelled');
    if (!waiting) throw new Error('no waiting reservation');
    const late = await resdesk([
      'show',
      waiting.keyField,
      '--db',
      server.url,
      '--json',
      '--today',
      '2099-01-01',
    ]);
    expect(late.code).toBe(0);
    const lateChecks = (JSON.parse(late.stdout) as { checks: { kind: string }[] }).checks;
    expect(lateChecks.map((c) => c.kind)).toContain('past-check-in');
    const plain = await resdesk(['show', first.keyField, '--db', server.url]);
    expect(plain.stdout.split('\t')[0]).toBe(first.keyField);
  });

  it('confirm queues without sending; the next sync --once sends it, exactly once', async () => {
    const waiting = (await list()).find((r) => r.confirmationStatus === 'W' && r.changeKind !== 'cancelled');
    if (!waiting) throw new Error('no waiting reservation');
    const confirmed = () =>
      sandboxState(service.url).then((s) => s.confirmations.filter((c) => c.keyField === waiting.keyField));

    const confirm = await resdesk(['confirm', waiting.keyField, '--db', server.url, '--user', 'Ayşe']);
    expect(confirm.stderr).toBe('');
    expect(confirm.code).toBe(0);
    expect(confirm.stdout.trim()).toBe(
      `Queued: ${waiting.keyField}. No desk is talking to the service now: resdesk sync sends it.`,
    );
    expect(await confirmed()).toHaveLength(0);

    const sync = await resdesk(['sync', '--db', server.url, '--once', '--json']);
    expect(sync.code).toBe(0);
    expect((JSON.parse(sync.stdout) as CycleJson).sent).toBe(1);
    expect(await confirmed()).toEqual([expect.objectContaining({ confirmationStatus: 'E' })]);

    const again = await resdesk(['sync', '--db', server.url, '--once', '--json']);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as CycleJson).sent).toBe(0);
    expect(await confirmed()).toHaveLength(1);
    const show = await resdesk(['show', waiting.keyField, '--db', server.url, '--json']);
    expect((JSON.parse(show.stdout) as { decision: { state: string } }).decision.state).toBe('sent');
  });

  it('while another desk holds the service lease, sync --once does nothing and says who talks', async () => {
    const pool: pg.Pool = openHotelPool({ url: server.url, applicationName: 'test reception' });
    try {
      await migrateHotelDb(pool);
      // Long enough that it cannot run out while the command runs.
      const lease = new Lease(pool, { deskId: 'test-reception-1', pcName: 'RECEPTION-1', ttlMs: 300_000 });
      expect(await lease.acquire()).not.toBeNull();
      await control(service.url, 'arrive', { count: 3 });
      const before = (await sandboxState(service.url)).acknowledged.length;
      const requestsBefore = (await sandboxState(service.url)).requests.length;

      const sync = await resdesk(['sync', '--db', server.url, '--once']);
      expect(sync.stderr).toBe('');
      expect(sync.code).toBe(0);
      expect(sync.stdout.trim()).toBe('RECEPTION-1 is talking to the service; nothing was done (--once).');
      const after = await sandboxState(service.url);
      expect(after.acknowledged).toHaveLength(before);
      expect(after.requests).toHaveLength(requestsBefore);
      expect(await list()).toHaveLength(40);

      // A decision taken meanwhile is queued for RECEPTION-1, which the command names.
      const waiting = (await list()).find(
        (r) => r.confirmationStatus === 'W' && r.changeKind !== 'cancelled',
      );
      if (!waiting) throw new Error('no waiting reservation');
      const confirm = await resdesk(['confirm', waiting.keyField, '--db', server.url]);
      expect(confirm.stdout.trim()).toBe(
        `Queued: ${waiting.keyField}. RECEPTION-1 is talking to the service and sends it.`,
      );

      // Released: the command takes the lease and fetches what arrived meanwhile.
      await lease.release();
      const taken = await resdesk(['sync', '--db', server.url, '--once', '--json']);
      expect(taken.code).toBe(0);
      const report = JSON.parse(taken.stdout) as CycleJson;
      expect(report.new).toBe(3);
      expect(report.sent).toBe(1);
      expect(await list()).toHaveLength(43);
    } finally {
      await pool.end();
    }
  });

  it('backup copies the whole hotel database into a checked desk file, which move-data restores into a new one', async () => {
    const noFolder = await resdesk(['backup', '--db', server.url]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toMatch(/--out DIR/);
    const folder = path.join(home.dir, 'hotel-copies');
    const run = await resdesk(['backup', '--out', folder, '--json'], { RESDESK_DATABASE_URL: server.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const copy = JSON.parse(run.stdout) as { file: string; kind: string };
    expect(copy.kind).toBe('manual');
    const listed = await resdesk(['backup', '--db', server.url, '--out', folder, '--list', '--json']);
    expect((JSON.parse(listed.stdout) as { file: string }[]).map((e) => e.file)).toEqual([copy.file]);

    // Restored: moved into an empty hotel database, every row the shared one has is there.
    const restored = await createDatabase(server, 'restored');
    const move = await resdesk(['move-data', '--from', copy.file, '--to', restored]);
    expect(move.stderr).toBe('');
    expect(move.code).toBe(0);
    const count = async (url: string, table: string): Promise<number> => {
      const pool = openHotelPool({ url });
      try {
        return Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
      } finally {
        await pool.end();
      }
    };
    for (const table of ['reservations', 'reservation_versions', 'decisions', 'activity', 'settings'])
      expect({ table, rows: await count(restored, table) }).toEqual({
        table,
        rows: await count(server.url, table),
      });
    expect(await count(restored, 'reservations')).toBeGreaterThanOrEqual(40);
  });

  it('SQLite-only commands refuse the address with a sentence saying what to use', async () => {
    const byEnv = await resdesk(['restore', '--from', 'old.db'], { RESDESK_DATABASE_URL: server.url });
    expect(byEnv.code).toBe(2);
    expect(byEnv.stderr.trim()).toBe(SQLITE_ONLY.restore);
    const diagnostics = await resdesk(['diagnostics', '--db', server.url, '--out', 'x.zip']);
    expect(diagnostics.stderr.trim()).toBe(SQLITE_ONLY.diagnostics);
    const move = await resdesk(['move-data', '--from', server.url, '--to', server.url]);
    expect(move.code).toBe(2);
    expect(move.stderr.trim()).toBe(SQLITE_ONLY.moveData);
  });

  it('a wrong password is refused in a sentence that names only host, port and database', async () => {
    const wrong = new URL(server.url);
    wrong.password = 'Wr0ng-pass-word-77';
    const run = await resdesk(['list', '--db', wrong.toString()]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      "The hotel's database did not accept the password. Type the code again from the PC that keeps the database, or ask for the right address.",
    );
    expect(run.stderr).not.toContain('Wr0ng-pass-word-77');
  });

  it('never prints the database password', () => {
    expect(runs.length).toBeGreaterThan(10);
    for (const run of runs) {
      expect(run.stdout).not.toContain(server.password);
      expect(run.stderr).not.toContain(server.password);
    }
  });
});
