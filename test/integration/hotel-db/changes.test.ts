// Change notification against a real PostgreSQL: a change committed on one connection reaches a desk
// LISTENing on another; the feed comes back by itself after its session is terminated and after a server restart.
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGE_CHANNEL,
  ChangeFeed,
  MAX_PAYLOAD_BYTES,
  decodeChange,
  encodeChange,
  notifyChange,
  openHotelPool,
  type HotelChange,
} from '../../../main/hotel-db';
import { INSTALL_HINT, findPostgresBinaries, startPostgres, type TestPostgres } from '../../harness/postgres';

let server: TestPostgres;
let pool: pg.Pool;
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  server = await startPostgres();
  // Idle pooled sessions die with the restart below: the pool reports it and opens new ones.
  pool = openHotelPool({ url: server.url }, () => {});
});

afterEach(async () => {
  await Promise.all(feeds.splice(0).map((f) => f.stop()));
});

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

/** A feed that records what it hears, with a way to wait for the next matching change. */
function listen(): {
  feed: ChangeFeed;
  changes: { change: HotelChange; at: number }[];
  resyncs: string[];
  errors: Error[];
  next: (
    pred: (c: HotelChange) => boolean,
    timeoutMs?: number,
  ) => Promise<{ change: HotelChange; at: number }>;
  nextResync: (timeoutMs?: number) => Promise<string>;
} {
  const errors: Error[] = [];
  const feed = new ChangeFeed(
    { url: server.url, applicationName: 'resdesk test feed' },
    { onError: (e) => errors.push(e) },
  );
  feeds.push(feed);
  const changes: { change: HotelChange; at: number }[] = [];
  const resyncs: string[] = [];
  const wake = new Set<() => void>();
  feed.onChange((change) => {
    changes.push({ change, at: performance.now() });
    for (const w of [...wake]) w();
  });
  feed.onResync((reason) => {
    resyncs.push(reason);
    for (const w of [...wake]) w();
  });
  const until = async <T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms (status ${feed.status})`);
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(t);
          wake.delete(done);
          resolve();
        };
        const t = setTimeout(done, left);
        wake.add(done);
      });
    }
  };
  return {
    feed,
    changes,
    resyncs,
    errors,
    next: (pred, timeoutMs = 10_000) => {
      const from = changes.length;
      return until(() => changes.slice(from).find((c) => pred(c.change)), timeoutMs, 'change');
    },
    nextResync: (timeoutMs = 30_000) => {
      const from = resyncs.length;
      return until(() => resyncs[from], timeoutMs, 'resync');
    },
  };
}

const change = (ids: string[], table: HotelChange['table'] = 'reservations'): HotelChange => ({
  table,
  kind: 'changed',
  ids,
  origin: 'desk-test',
});

/** A committed write with its notification in the same transaction, as the store will send them. */
async function commitWithNotify(c: HotelChange, rollback = false): Promise<number> {
  const tx = await pool.connect();
  try {
    await tx.query('BEGIN');
    await notifyChange(tx, c);
    const sent = performance.now();
    await tx.query(rollback ? 'ROLLBACK' : 'COMMIT');
    return sent;
  } finally {
    tx.release();
  }
}

describe('change notification', () => {
  it('a change committed on one connection reaches a desk listening on another, typed; a rollback sends nothing', async () => {
    const l = listen();
    await l.feed.start();
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const waiting = l.next((c) => c.ids?.[0] === `K${i}`);
      const sent = await commitWithNotify(change([`K${i}`]));
      latencies.push((await waiting).at - sent);
    }
    expect(l.changes.map((c) => c.change.ids?.[0])).toEqual(Array.from({ length: 20 }, (_, i) => `K${i}`));
    expect(l.changes[0]!.change).toEqual({
      table: 'reservations',
      kind: 'changed',
      ids: ['K0'],
      origin: 'desk-test',
    });

    // Rolled back, then committed: the first thing heard is the committed one.
    await commitWithNotify(change(['rolled-back']), true);
    const after = l.next(() => true);
    await commitWithNotify(change(['after-rollback'], 'decisions'));
    expect((await after).change).toMatchObject({ table: 'decisions', ids: ['after-rollback'] });
    expect(l.changes.some((c) => c.change.ids?.includes('rolled-back'))).toBe(false);
    latencies.sort((a, b) => a - b);
    console.log(
      `notify latency, commit to listener (20): median ${latencies[10]!.toFixed(1)} ms, max ${latencies[19]!.toFixed(1)} ms`,
    );
  });

  it('too many ids for one payload: sent without them (re-read the table); junk on the channel is ignored', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => `KEYFIELD-${i}`);
    expect(Buffer.byteLength(JSON.stringify(many))).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    expect(decodeChange(encodeChange(change(many)))).toEqual({ ...change(many), ids: null });
    expect(decodeChange('{"v":2,"t":"reservations","k":"changed","i":null}')).toBeNull();
    expect(decodeChange('{"v":1,"t":"passwords","k":"changed","i":null}')).toBeNull();

    const l = listen();
    await l.feed.start();
    await pool.query(`NOTIFY ${CHANGE_CHANNEL}, 'not json'`);
    const big = l.next((c) => c.table === 'mappings');
    await commitWithNotify(change(many, 'mappings'));
    expect((await big).change.ids).toBeNull();
    expect(l.changes).toHaveLength(1);
    expect(l.errors.map((e) => e.message)).toContain(
      'a change notification this desk cannot read was ignored',
    );
  });

  it('reconnects by itself after its session is terminated, asks for a resync, and hears the next change', async () => {
    const l = listen();
    await l.feed.start();
    const firstPid = l.feed.backendPid;
    expect(firstPid).not.toBeNull();
    const resync = l.nextResync();
    const cut = performance.now();
    await pool.query('SELECT pg_terminate_backend($1)', [firstPid]);
    expect(await resync).toBe('reconnected');
    const back = performance.now() - cut;
    expect(l.feed.backendPid).not.toBe(firstPid);
    expect(l.feed.connectCount).toBe(2);
    const heard = l.next((c) => c.ids?.[0] === 'after-terminate');
    await commitWithNotify(change(['after-terminate']));
    await heard;
    console.log(`feed back after pg_terminate_backend: ${back.toFixed(0)} ms`);
  });

  it('reconnects by itself after the server restarts (pg_ctl restart), and hears the next change', async () => {
    const l = listen();
    const statuses: string[] = [];
    l.feed.onStatus((s) => statuses.push(s));
    await l.feed.start();
    const resync = l.nextResync(60_000);
    const restarting = performance.now();
    await server.restart();
    const restarted = performance.now();
    expect(await resync).toBe('reconnected');
    const back = performance.now() - restarted;
    expect(statuses).toContain('disconnected');
    expect(l.feed.status).toBe('connected');
    const heard = l.next((c) => c.ids?.[0] === 'after-restart', 15_000);
    await commitWithNotify(change(['after-restart']));
    await heard;
    console.log(
      `feed back after pg_ctl restart: ${back.toFixed(0)} ms after the server was up (restart took ${(restarted - restarting).toFixed(0)} ms)`,
    );
  }, 90_000);
});

describe('the test server harness', () => {
  it('without the server binaries, says in one line what to install', () => {
    const saved = process.env.RESDESK_PG_BIN;
    process.env.RESDESK_PG_BIN = '/nonexistent/postgresql/bin';
    try {
      expect(() => findPostgresBinaries()).toThrow(INSTALL_HINT);
      try {
        findPostgresBinaries();
      } catch (error) {
        expect((error as Error).message).not.toContain('\n');
        expect((error as Error).message).toMatch(/apt-get install postgresql$/);
      }
    } finally {
      if (saved === undefined) delete process.env.RESDESK_PG_BIN;
      else process.env.RESDESK_PG_BIN = saved;
    }
  });

  it('serves on 127.0.0.1 only, as the server of the supported versions', async () => {
    expect(server.host).toBe('127.0.0.1');
    const r = await pool.query<{ listen: string; v: string }>(
      "SELECT current_setting('listen_addresses') AS listen, current_setting('server_version_num') AS v",
    );
    expect(r.rows[0]?.listen).toBe('127.0.0.1');
    expect(Number(r.rows[0]?.v)).toBeGreaterThanOrEqual(140_000);
  });
});
