// Which database this desk works in: its own file (the default), the hotel's database that this PC
// keeps, or one it connected to. The choice belongs to the desk, not to the shared database (it is how the desk
// finds that database), so it is a small file in the desk's data folder, hotel-database.json, without secrets:
// the password (keeps) and the whole URL (connected: a chain's URL may carry options with secrets) are in the
// credential store. The core reads `hotelDatabaseChoice` when it starts.
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { urlOfCode } from './connection-code';
import { describeDatabase } from './pool';
import { DESK_PASSWORD_ACCOUNT, type SecretStore } from './server/keeper';
import { HotelServerProblem } from './server/problems';

export type HotelDatabaseChoice =
  { kind: 'file' } | { kind: 'keeps'; url: string; port: number } | { kind: 'connected'; url: string };

/** What is written to hotel-database.json: the kind, where (for screens), never a password. */
type SavedChoice =
  { v: 1; kind: 'file' } | { v: 1; kind: 'keeps'; port: number } | { v: 1; kind: 'connected'; where: string };

export const CHOICE_FILE = 'hotel-database.json';
export const CONNECTED_URL_ACCOUNT = 'hotel-database-url';

const choiceFile = (dataDir: string): string => path.join(dataDir, CHOICE_FILE);

function readSaved(text: string): SavedChoice {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed === 'object' && parsed !== null && 'kind' in parsed) {
    if (parsed.kind === 'keeps' && 'port' in parsed && typeof parsed.port === 'number')
      return { v: 1, kind: 'keeps', port: parsed.port };
    if (parsed.kind === 'connected' && 'where' in parsed && typeof parsed.where === 'string')
      return { v: 1, kind: 'connected', where: parsed.where };
  }
  return { v: 1, kind: 'file' };
}

/** The saved choice without secrets (Settings shows it); a missing or damaged file is "its own file". */
export async function savedChoice(dataDir: string): Promise<SavedChoice> {
  const file = choiceFile(dataDir);
  if (!existsSync(file)) return { v: 1, kind: 'file' };
  try {
    return readSaved(await readFile(file, 'utf8'));
  } catch {
    return { v: 1, kind: 'file' };
  }
}

/**
 * The seam the core reads at start: which database, with its URL. A choice whose secret is gone from the credential
 * store throws (HotelServerProblem 'password-lost') rather than quietly falling back to the file, which would
 * split the hotel's data in two.
 */
export async function hotelDatabaseChoice(
  dataDir: string,
  credentials: SecretStore,
): Promise<HotelDatabaseChoice> {
  const saved = await savedChoice(dataDir);
  if (saved.kind === 'file') return { kind: 'file' };
  if (saved.kind === 'keeps') {
    const password = await credentials.get(DESK_PASSWORD_ACCOUNT);
    if (!password) throw new HotelServerProblem('password-lost', DESK_PASSWORD_ACCOUNT);
    return {
      kind: 'keeps',
      port: saved.port,
      url: urlOfCode({ host: '127.0.0.1', port: saved.port, password }),
    };
  }
  const url = await credentials.get(CONNECTED_URL_ACCOUNT);
  if (!url) throw new HotelServerProblem('password-lost', CONNECTED_URL_ACCOUNT);
  return { kind: 'connected', url };
}

async function writeSaved(dataDir: string, saved: SavedChoice): Promise<void> {
  const file = choiceFile(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
}

/** Records the choice (the secret first, so a saved file never points at a missing secret). */
export async function saveHotelDatabaseChoice(
  dataDir: string,
  credentials: SecretStore,
  choice: { kind: 'file' } | { kind: 'keeps'; port: number } | { kind: 'connected'; url: string },
): Promise<void> {
  if (choice.kind === 'connected') {
    await credentials.set(CONNECTED_URL_ACCOUNT, choice.url);
    await writeSaved(dataDir, { v: 1, kind: 'connected', where: describeDatabase(choice.url) });
  } else if (choice.kind === 'keeps') {
    await writeSaved(dataDir, { v: 1, kind: 'keeps', port: choice.port });
  } else {
    await rm(choiceFile(dataDir), { force: true });
  }
}
