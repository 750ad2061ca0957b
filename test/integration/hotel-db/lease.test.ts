// The service lease against a real PostgreSQL: two desks in two processes, one killed with SIGKILL
// or closed cleanly; fencing refusing a stale holder's write in the transaction that would record it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TTL_MS,
  Lease,
  LeaseLostError,
  checkFence,
  migrateHotelDb,
  openHotelPool,
  readHolder,
  withFence,
  type LeaseToken,
} from '../../../main/hotel-db';
import { bundled } from '../../harness/bundle';
import { startPostgres, type TestPostgres } from '../../harness/postgres';

const ROOT = path.resolve(__dirname, '../../..');
/** The contract: another desk takes over within 30 s of the holder's death. */
const TAKEOVER_CONTRACT_MS = 30_000;

let server: TestPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startPostgres();
  pool = openHotelPool({ url: server.url });
  await migrateHotelDb(pool);
  await pool.query(
    'CREATE TABLE fenced_writes (id text PRIMARY KEY, desk_id text NOT NULL, generation bigint NOT NULL)',
  );
});

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

interface DeskLine {
  e: 'ready' | 'held' | 'lost' | 'error' | 'closed';
  deskId: string;
  at: number;
  generation?: number;
  message?: string;
}

/** A lease-keeping desk in its own process (lease-desk.ts). */
class ChildDesk {
  readonly lines: DeskLine[] = [];
  readonly process: ChildProcess;
  private waiters: (() => void)[] = [];
  private stderr = '';

  constructor(
    readonly deskId: string,
    lease: string,
    program: string,
  ) {
    this.process = spawn(process.execPath, [program], {
      cwd: ROOT,
      env: {
        ...process.env,
        RESDESK_TEST_DB_URL: server.url,
        RESDESK_TEST_DESK_ID: deskId,
        RESDESK_TEST_PC: `PC-${deskId}`,
        RESDESK_TEST_LEASE: lease,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    this.process.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim()) this.lines.push(JSON.parse(line) as DeskLine);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.process.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.process.on('exit', () => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** The first line matching, waiting for it at most `timeoutMs`. */
  async waitFor(pred: (l: DeskLine) => boolean, timeoutMs: number, what: string): Promise<DeskLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(pred);
      if (found) return found;
      if (this.process.exitCode !== null || this.process.signalCode !== null)
        throw new Error(`${this.deskId} ended before ${what}: ${this.stderr.slice(-800)}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `${this.deskId}: no ${what} within ${timeoutMs} ms; lines ${JSON.stringify(this.lines)}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  exited(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => this.process.once('exit', () => resolve()));
  }

  kill(signal: NodeJS.Signals): void {
    if (this.process.pid !== undefined && this.process.exitCode === null) this.process.kill(signal);
  }
}

const children: ChildDesk[] = [];
let program = '';
beforeAll(async () => {
  program = await bundled('test/integration/hotel-db/lease-desk.ts');
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited()));
});

function desk(deskId: string, lease: string): ChildDesk {
  const c = new ChildDesk(deskId, lease, program);
  children.push(c);
  return c;
}

describe('the service lease between two desk processes', () => {
  it('a holder killed with SIGKILL is replaced by the other desk within 30 s, only once its time is up', async () => {
    const lease = 'kill-test';
    const a = desk('A', lease);
    const held = await a.waitFor((l) => l.e === 'held', 30_000, 'lease held');
    const b = desk('B', lease);
    await b.waitFor((l) => l.e === 'ready', 30_000, 'ready');
    // B has started trying; A holds and keeps renewing.
    await new Promise((r) => setTimeout(r, 1_000));
    const before = await readHolder(pool, lease);
    expect(before).toMatchObject({
      deskId: 'A',
      pcName: 'PC-A',
      generation: held.generation,
      expired: false,
    });
    expect(b.lines.some((l) => l.e === 'held')).toBe(false);

    const killedAt = Date.now();
    a.kill('SIGKILL');
    await a.exited();
    // A renews no more: this row is its last renewal (B cannot have taken it yet, A renewed ≤ ttl/3 ago).
    const last = await readHolder(pool, lease);
    expect(last).toMatchObject({ deskId: 'A', expired: false });
    const taken = await b.waitFor((l) => l.e === 'held', TAKEOVER_CONTRACT_MS + 15_000, 'takeover');
    const takeoverMs = taken.at - killedAt;

    const after = await readHolder(pool, lease);
    expect(after).toMatchObject({ deskId: 'B', pcName: 'PC-B', generation: (held.generation ?? 0) + 1 });
    // A real takeover: B's lease starts only after A's last renewal ran out (database clock), never before.
    expect(after!.acquiredAt.getTime()).toBeGreaterThanOrEqual(last!.expiresAt.getTime());
    expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_CONTRACT_MS);
    console.log(
      `lease takeover after SIGKILL: ${takeoverMs} ms (ttl ${DEFAULT_TTL_MS} ms, ${(takeoverMs / DEFAULT_TTL_MS).toFixed(2)}× ttl, contract ${TAKEOVER_CONTRACT_MS} ms)`,
    );
    b.kill('SIGTERM');
    await b.exited();
  }, 90_000);

  it('a desk that closes releases the lease and the other takes it at once, before the time would run out', async () => {
    const lease = 'close-test';
    const a = desk('C', lease);
    const held = await a.waitFor((l) => l.e === 'held', 30_000, 'lease held');
    const b = desk('D', lease);
    await b.waitFor((l) => l.e === 'ready', 30_000, 'ready');
    const before = await readHolder(pool, lease);
    const closing = Date.now();
    a.kill('SIGTERM');
    await a.waitFor((l) => l.e === 'closed', 30_000, 'clean close');
    const taken = await b.waitFor((l) => l.e === 'held', 30_000, 'takeover');
    const after = await readHolder(pool, lease);
    expect(after).toMatchObject({ deskId: 'D', generation: (held.generation ?? 0) + 1 });
    // Taken on the release's notification, not by waiting for A's renewal to run out.
    expect(after!.acquiredAt.getTime()).toBeLessThan(before!.expiresAt.getTime());
    console.log(`lease handover after a clean close: ${taken.at - closing} ms after SIGTERM`);
    b.kill('SIGTERM');
    await b.exited();
  }, 60_000);
});

describe('fencing: only the holder of the current generation records', () => {
  const write = (token: LeaseToken, id: string): Promise<void> =>
    withFence(pool, token, async (tx) => {
      await tx.query('INSERT INTO fenced_writes (id, desk_id, generation) VALUES ($1, $2, $3)', [
        id,
        token.deskId,
        token.generation,
      ]);
    });
  const waitExpired = async (name: string): Promise<void> => {
    while (!(await readHolder(pool, name))?.expired) await new Promise((r) => setTimeout(r, 50));
  };
  const written = async (id: string): Promise<{ desk_id: string; generation: string } | undefined> =>
    (
      await pool.query<{ desk_id: string; generation: string }>(
        'SELECT desk_id, generation FROM fenced_writes WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('refuses the write of a desk whose lease was taken over, and records nothing of it', async () => {
    const name = 'fence-stale';
    const a = new Lease(pool, { deskId: 'fa', pcName: 'PC-FA', name, ttlMs: 800 });
    const b = new Lease(pool, { deskId: 'fb', pcName: 'PC-FB', name, ttlMs: 10_000 });
    const ta = await a.acquire();
    expect(ta).not.toBeNull();
    expect(await b.acquire()).toBeNull();
    await write(ta!, 'ack-1');
    expect(await written('ack-1')).toEqual({ desk_id: 'fa', generation: String(ta!.generation) });

    await waitExpired(name);
    const tb = await b.acquire();
    expect(tb?.generation).toBe(ta!.generation + 1);
    // A slept through its time: its write is refused in the transaction that would have recorded it.
    await expect(write(ta!, 'ack-2')).rejects.toBeInstanceOf(LeaseLostError);
    expect(await written('ack-2')).toBeUndefined();
    expect(await a.renew()).toBeNull();
    expect(a.current()).toBeNull();
    await write(tb!, 'ack-2');
    expect(await written('ack-2')).toEqual({ desk_id: 'fb', generation: String(tb!.generation) });
    await b.release();
  });

  it('an expired lease is lost even when nobody took it: renewing fails, acquiring again moves the generation', async () => {
    const name = 'fence-slept';
    const a = new Lease(pool, { deskId: 'sa', pcName: 'PC-SA', name, ttlMs: 500 });
    const first = await a.acquire();
    await waitExpired(name);
    expect(await a.renew()).toBeNull();
    await expect(write(first!, 'slept-1')).rejects.toBeInstanceOf(LeaseLostError);
    const again = await a.acquire();
    expect(again?.generation).toBe(first!.generation + 1);
    await a.release();
  });

  it('no takeover lands between the fence check and the commit: the contender waits for the write', async () => {
    const name = 'fence-order';
    const a = new Lease(pool, { deskId: 'oa', pcName: 'PC-OA', name, ttlMs: 1_000 });
    const b = new Lease(pool, { deskId: 'ob', pcName: 'PC-OB', name, ttlMs: 10_000 });
    const ta = await a.acquire();
    const tx = await pool.connect();
    try {
      await tx.query('BEGIN');
      await checkFence(tx, ta!);
      await waitExpired(name);
      // B tries to take the expired lease; the fence's row lock makes it wait for A's transaction.
      const order: string[] = [];
      const taking = b.acquire().then((t) => {
        order.push('taken');
        return t;
      });
      for (;;) {
        const waiting = await pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO desk_lease%'",
        );
        if (waiting.rows[0]?.n === '1') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(order).toEqual([]);
      await tx.query('INSERT INTO fenced_writes (id, desk_id, generation) VALUES ($1, $2, $3)', [
        'order-1',
        'oa',
        ta!.generation,
      ]);
      // Still not taken with the write in hand, right up to the commit.
      expect(order).toEqual([]);
      await tx.query('COMMIT');
      // After the commit the two answers (A's COMMIT, B's INSERT) come back on two sockets in either order, so
      // only the database's own order is asserted: B took over (generation + 1) and A's write is A's.
      const tb = await taking;
      expect(order).toEqual(['taken']);
      expect(tb?.generation).toBe(ta!.generation + 1);
      expect(await written('order-1')).toEqual({ desk_id: 'oa', generation: String(ta!.generation) });
      await b.release();
    } finally {
      tx.release();
    }
  });

  it('ten desks racing for a free lease: exactly one gets it', async () => {
    const name = 'race';
    const leases = Array.from(
      { length: 10 },
      (_, i) => new Lease(pool, { deskId: `r${i}`, pcName: `PC-R${i}`, name }),
    );
    for (let round = 0; round < 5; round++) {
      const tokens = await Promise.all(leases.map((l) => l.acquire()));
      const winners = tokens.filter((t) => t !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.generation).toBe(round + 1);
      await leases.find((l) => l.current())!.release();
    }
  });
});
