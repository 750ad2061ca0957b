// "This PC keeps the hotel's database": a PostgreSQL server in <dataDir>/hotel-database, on all of
// this PC's network addresses, one port (5433 unless told), SCRAM passwords only. Starting is idempotent: a
// folder already initialised is only started, a server already running is left as it is. pg_ctl starts the
// server on its own, so it keeps serving the other desks while this desk's window restarts; `stopHotelServer`
// ends it. The two passwords (the desks' role, the administrator) are made here and kept in the credential store.
import { randomInt } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, appendFile, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import pg from 'pg';
import {
  CODE_ALPHABET,
  HOTEL_DB_NAME,
  HOTEL_DB_USER,
  PASSWORD_LENGTH,
  encodeConnectionCode,
  urlOfCode,
} from '../connection-code';
import { clientConfig } from '../pool';
import { findServerPrograms, type ServerPrograms } from './binaries';
import { ADMIN_ROLE, PG_HBA, SERVER_SETTINGS, serverFolder, type ServerFolder } from './files';
import { lanAddress } from './lan-address';
import { HotelServerProblem } from './problems';
import { runProgram, serverUser, type RunAs } from './run-server-program';
import { scramVerifier } from './scram';

export const DEFAULT_HOTEL_DB_PORT = 5433;
/** Credential store accounts. The desks' password is also in the connection code, by design. */
export const DESK_PASSWORD_ACCOUNT = 'hotel-database';
export const ADMIN_PASSWORD_ACCOUNT = 'hotel-database-admin';

export interface HotelServerOptions {
  dataDir: string;
  credentials: SecretStore;
  port?: number;
  /** This PC's address for the code; default: its first private IPv4 address (tests pass 127.0.0.1). */
  address?: string | null;
}

export interface KeptDatabase {
  port: number;
  /** postgresql://resdesk:…@127.0.0.1:port/resdesk: how this desk reaches it. Never logged. */
  localUrl: string;
  /** What the other PCs type. Holds the password: shown on this PC's Settings only. */
  code: string;
  /** The address in the code; null when this PC is on no network (the code then names 127.0.0.1). */
  lanAddress: string | null;
}

/** The credential store's part used here (main/kernel's CredentialStore fits it; hotel-db sits below the kernel). */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
}

const randomPassword = (): string =>
  Array.from({ length: PASSWORD_LENGTH }, () => CODE_ALPHABET.charAt(randomInt(CODE_ALPHABET.length))).join(
    '',
  );

async function passwordFor(credentials: SecretStore, account: string, create: boolean): Promise<string> {
  const saved = await credentials.get(account);
  if (saved) return saved;
  if (!create) throw new HotelServerProblem('password-lost', account);
  const made = randomPassword();
  await credentials.set(account, made);
  return made;
}

async function writableFolder(files: ServerFolder, as: RunAs | null): Promise<void> {
  try {
    await mkdir(files.folder, { recursive: true, mode: 0o700 });
    await access(files.folder, constants.W_OK);
    if (as) await chown(files.folder, as.uid, as.gid);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    throw new HotelServerProblem('folder-not-writable', code);
  }
}

const isInitialised = (files: ServerFolder): boolean => existsSync(`${files.data}/PG_VERSION`);

async function initialise(
  files: ServerFolder,
  programs: ServerPrograms,
  as: RunAs | null,
  adminPassword: string,
): Promise<void> {
  // initdb reads the administrator's password from a file: it lives in the server's own folder, readable by its
  // owner alone, for as long as initdb runs.
  await writeFile(files.passwordFile, `${adminPassword}\n`, { mode: 0o600 });
  try {
    if (as) await chown(files.passwordFile, as.uid, as.gid);
    const done = await runProgram(as, programs.initdb, [
      '-D',
      files.data,
      '-U',
      ADMIN_ROLE,
      `--pwfile=${files.passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--no-locale',
    ]);
    if (!done.ok) {
      await rm(files.data, { recursive: true, force: true });
      throw new HotelServerProblem('did-not-start', `initdb: ${done.output.slice(-500)}`);
    }
  } finally {
    await rm(files.passwordFile, { force: true });
  }
  await appendFile(`${files.data}/postgresql.conf`, SERVER_SETTINGS);
}

/** The access rules are Resdesk's: written at every start, so a hand edit cannot open the server by accident. */
async function writeAccessRules(files: ServerFolder, as: RunAs | null): Promise<void> {
  const hba = `${files.data}/pg_hba.conf`;
  await writeFile(hba, PG_HBA, { mode: 0o600 });
  if (as) await chown(hba, as.uid, as.gid);
}

/** The port a running server of this folder listens on (postmaster.pid's fourth line), or null if none runs. */
async function runningPort(
  files: ServerFolder,
  programs: ServerPrograms,
  as: RunAs | null,
): Promise<number | null> {
  const status = await runProgram(as, programs.pgCtl, ['status', '-D', files.data], 30_000);
  if (!status.ok) return null;
  try {
    const port = Number((await readFile(`${files.data}/postmaster.pid`, 'utf8')).split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The desks' role and database, made or brought in line with the saved password: safe to run at every start. */
async function ensureDeskRole(port: number, adminPassword: string, deskPassword: string): Promise<void> {
  const admin = new pg.Client(
    clientConfig({
      url: `postgresql://${ADMIN_ROLE}:${adminPassword}@127.0.0.1:${port}/postgres`,
      applicationName: 'resdesk server setup',
    }),
  );
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    // 28P01: the saved administrator password is not the server's (a keychain replaced or reset).
    throw new HotelServerProblem(
      code === '28P01' ? 'password-lost' : 'did-not-start',
      `admin connect: ${code}`,
    );
  }
  try {
    // The verifier, not the password, goes into the statement (scram.ts says why); its alphabet needs no escaping
    // beyond escapeLiteral.
    const verifier = admin.escapeLiteral(scramVerifier(deskPassword));
    const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [HOTEL_DB_USER]);
    await admin.query(
      role.rowCount
        ? `ALTER ROLE ${HOTEL_DB_USER} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${verifier}`
        : `CREATE ROLE ${HOTEL_DB_USER} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${verifier}`,
    );
    const db = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [HOTEL_DB_NAME]);
    if (!db.rowCount)
      await admin.query(
        `CREATE DATABASE ${HOTEL_DB_NAME} OWNER ${HOTEL_DB_USER} ENCODING 'UTF8' TEMPLATE template0`,
      );
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Starts (and the first time creates) the hotel's database on this PC; returns how to reach it. */
export async function startHotelServer(options: HotelServerOptions): Promise<KeptDatabase> {
  const port = options.port ?? DEFAULT_HOTEL_DB_PORT;
  const files = serverFolder(options.dataDir);
  const programs = await findServerPrograms();
  const as = serverUser();
  await writableFolder(files, as);
  const fresh = !isInitialised(files);
  const adminPassword = await passwordFor(options.credentials, ADMIN_PASSWORD_ACCOUNT, fresh);
  const deskPassword = await passwordFor(options.credentials, DESK_PASSWORD_ACCOUNT, fresh);
  if (fresh) await initialise(files, programs, as, adminPassword);

  let listening = await runningPort(files, programs, as);
  if (listening === null) {
    await writeAccessRules(files, as);
    if (!(await portIsFree(port))) throw new HotelServerProblem('port-taken', String(port));
    const started = await runProgram(as, programs.pgCtl, [
      'start',
      '-D',
      files.data,
      '-l',
      files.log,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port}`,
    ]);
    if (!started.ok) throw new HotelServerProblem('did-not-start', `pg_ctl start exited ${started.code}`);
    listening = port;
  }
  await ensureDeskRole(listening, adminPassword, deskPassword);
  const address = options.address === undefined ? lanAddress() : options.address;
  return {
    port: listening,
    localUrl: urlOfCode({ host: '127.0.0.1', port: listening, password: deskPassword }),
    code: encodeConnectionCode({ host: address ?? '127.0.0.1', port: listening, password: deskPassword }),
    lanAddress: address,
  };
}

/** Stops this PC's server (fast: sessions are ended, what they committed is kept). Nothing to do if none runs. */
export async function stopHotelServer(dataDir: string): Promise<void> {
  const files = serverFolder(dataDir);
  if (!isInitialised(files)) return;
  const programs = await findServerPrograms();
  const as = serverUser();
  if ((await runningPort(files, programs, as)) === null) return;
  const stopped = await runProgram(as, programs.pgCtl, [
    'stop',
    '-D',
    files.data,
    '-m',
    'fast',
    '-w',
    '-t',
    '60',
  ]);
  if (!stopped.ok) throw new HotelServerProblem('did-not-start', `pg_ctl stop exited ${stopped.code}`);
}

/** Whether this PC's server is running, and on which port. */
export async function hotelServerPort(dataDir: string): Promise<number | null> {
  const files = serverFolder(dataDir);
  if (!isInitialised(files)) return null;
  return runningPort(files, await findServerPrograms(), serverUser());
}
