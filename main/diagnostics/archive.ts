// The diagnostics archive a hotel can send to support: one zip with the versions, the settings
// without secrets, the last log files, the last connection check and the database's counts and schema
// version. Everything copied in passes the blanker (no password, token, guest name or note), like the
// probe's sample. Built in plain Node: the desk (Help → Save diagnostics, Settings) and
// `resdesk diagnostics` share it.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { SavedSetup } from '../kernel/setup';
import { readForDiagnostics } from '../store/diagnostic-read';
import { blindBlanker, personalBlanker } from './blank';
import { readProbeReport } from './probe-report';

/** The newest log files taken (the current one and its rotations), and at most this much of each. */
export const LOG_FILES = 4;
const LOG_BYTES = 1024 * 1024;

export interface DiagnosticsInput {
  dbFile: string;
  /** The data folder: the last connection check's report, the notification preferences. */
  dataDir: string;
  logDir: string | null;
  version: string;
  /** The saved setup, or null when the database could not be read. */
  setup: SavedSetup | null;
  /** Anything else worth saying (the last stop, the update state), already free of secrets. */
  extra?: Record<string, unknown>;
  now: Date;
}

/** The setup as support needs it: where and how, never who or with what password. */
export function settingsWithoutSecrets(setup: SavedSetup): Record<string, unknown> {
  let service = '';
  try {
    service = setup.serviceUrl ? new URL(setup.serviceUrl).origin : '';
  } catch {
    service = '(not an address)';
  }
  return {
    service,
    userSet: setup.user !== '',
    partnerId: setup.partnerId,
    format: setup.format,
    dialect: setup.dialect,
    language: setup.language,
    deskUserSet: setup.deskUser !== '',
    practiceMode: setup.practiceMode,
  };
}

function logFiles(dir: string | null): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.log(\.\d+)?$/.test(name))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .slice(0, LOG_FILES);
}

function tail(file: string): string {
  const bytes = readFileSync(file);
  const text = bytes.subarray(Math.max(0, bytes.length - LOG_BYTES)).toString('utf8');
  // A cut in the middle of a line starts at the next one.
  return bytes.length > LOG_BYTES ? text.slice(text.indexOf('\n') + 1) : text;
}

export function buildDiagnostics(input: DiagnosticsInput): Uint8Array {
  const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  let database: unknown;
  let blank: (text: string) => string;
  try {
    const read = readForDiagnostics(input.dbFile);
    database = read.summary;
    blank = personalBlanker(read.personal);
  } catch (error) {
    // Without the database the names to blank are unknown: every capitalised word goes instead.
    blank = blindBlanker();
    database = {
      unreadable: blank(error instanceof Error ? error.message : String(error)),
      logs: 'every word with a capital letter and every long number blanked: the names to blank could not be read',
    };
  }
  const files: Zippable = {
    'versions.json': json({
      resdesk: input.version,
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
      platform: process.platform,
      arch: process.arch,
      createdAt: input.now.toISOString(),
    }),
    'settings.json': json(input.setup ? settingsWithoutSecrets(input.setup) : null),
    'database.json': json(database),
    'last-connection-check.json': strToU8(blank(JSON.stringify(readProbeReport(input.dataDir), null, 2))),
    'desk.json': strToU8(blank(JSON.stringify(input.extra ?? {}, null, 2))),
  };
  const logs: Zippable = {};
  for (const file of logFiles(input.logDir)) logs[path.basename(file)] = strToU8(blank(tail(file)));
  files['logs'] = logs;
  return zipSync(files, { level: 6, mtime: input.now });
}

/** Writes the archive to `out`; returns its size. */
export function writeDiagnostics(input: DiagnosticsInput, out: string): number {
  const zip = buildDiagnostics(input);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, zip);
  return zip.length;
}
