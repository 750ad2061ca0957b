// The diagnostics archive holds no secret and no guest name. A desk syncs from the real
// practice service into real SQLite, its log gets lines that name guests and carry the password and a
// token, a connection check leaves its report; then the archive from the desk's request and from
// `resdesk diagnostics` is unzipped and every file scanned, as test/security scans for secrets.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticsCommand } from '../../../main/cli/diagnostics';
import { buildDiagnostics } from '../../../main/diagnostics/archive';
import { createCore } from '../../../main/desk/core';
import type { Core } from '../../../main/kernel/core-types';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { memoryStore } from '../../../main/secrets/memory-store';
import { createFileLogger } from '../../../main/shell/log';

const PASSWORD = 'demo-Secret-42';
const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
let dir = '';
let service: PracticeService;
let core: Core;
let names: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'resdesk-diag-'));
  service = await startPracticeService({
    port: 0,
    seed: 5,
    reservations: 30,
    fileReadyAfterMs: 20,
    password: PASSWORD,
  });
  const logDir = path.join(dir, 'logs');
  const logger = createFileLogger({ file: path.join(logDir, 'resdesk.log'), echo: false });
  core = createCore(
    {
      dataDir: dir,
      credentials: memoryStore(),
      logger,
      app: { version: '9.9.9', logDir, updates: null, uncleanStopAt: '2026-06-01T07:00:00.000Z' },
    },
    { answerGraceDefaultSeconds: 0 },
  );
  await core.start();
  // The practice service takes any password for its user: the desk saves this one in its credential store.
  await core.handlers.saveSetup({
    serviceUrl: service.url,
    user: 'demo',
    password: PASSWORD,
    partnerId: 1001,
    format: 'json',
  });
  await core.handlers.syncNow({});
  await core.handlers
    .testConnection({
      serviceUrl: service.url,
      user: 'demo',
      password: PASSWORD,
      partnerId: 1001,
      format: 'json',
    })
    .catch(() => null);
  const db = new BetterSqlite3(path.join(dir, 'resdesk.db'), { readonly: true });
  names = db.prepare<[], string>('SELECT DISTINCT name FROM guests').pluck().all();
  db.close();
  // What a careless line could hold: guests' names in a message and a field, secrets in text. The logger
  // redacts the secrets; the names only the archive can blank.
  logger.warn(`could not read the voucher of ${names[0]}`, { guest: names[1], note: 'call back' });
  // An old log from a version with fewer rules, written straight to disk.
  writeFileSync(
    path.join(logDir, 'resdesk.log.1'),
    `${JSON.stringify({ message: `login ${service.url}/login?password=${PASSWORD} token=${TOKEN} for ${names[2]}` })}\n`,
  );
});

afterAll(async () => {
  await core?.stop();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

function scan(zip: Uint8Array): { files: Record<string, string>; all: string } {
  const files = Object.fromEntries(
    Object.entries(unzipSync(zip))
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
  return { files, all: Object.values(files).join('\n') };
}

describe('the diagnostics archive', () => {
  it('holds the versions, settings, logs, connection check and counts, and no password, token or guest name', async () => {
    expect(names.length).toBeGreaterThan(10);
    const saved = await core.handlers.saveDiagnostics({});
    const { files, all } = scan(readFileSync(saved.file));
    expect(Object.keys(files).sort()).toEqual([
      'database.json',
      'desk.json',
      'last-connection-check.json',
      'logs/resdesk.log',
      'logs/resdesk.log.1',
      'settings.json',
      'versions.json',
    ]);
    expect(JSON.parse(files['versions.json'] as string)).toMatchObject({ resdesk: '9.9.9' });
    const database = JSON.parse(files['database.json'] as string) as {
      schemaVersion: number;
      counts: Record<string, number>;
    };
    expect(database, files['database.json']).toHaveProperty('schemaVersion');
    expect(database.schemaVersion).toBeGreaterThan(0);
    expect(database.counts['reservations']).toBeGreaterThan(10);
    expect(JSON.parse(files['last-connection-check.json'] as string)).toMatchObject({
      report: { partnerId: 1001 },
    });
    expect(files['desk.json']).toContain('2026-06-01T07:00:00.000Z');
    // The lines are there, with what they said about the desk; the names are not.
    expect(files['logs/resdesk.log']).toContain('could not read the voucher of [blanked]');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(TOKEN);
    for (const name of names) expect(all.toLowerCase(), name).not.toContain(name.toLowerCase());
  });

  it('resdesk diagnostics --db F --out F.zip writes the same, as scanned', async () => {
    const out = path.join(dir, 'out', 'support.zip');
    mkdirSync(path.dirname(out), { recursive: true });
    const lines: string[] = [];
    await diagnosticsCommand(
      ['--db', path.join(dir, 'resdesk.db'), '--out', out],
      (l) => lines.push(l),
      '9.9.9',
    );
    expect(lines[0]).toMatch(/^Diagnostics written: .*support\.zip/);
    const { files, all } = scan(readFileSync(out));
    expect(Object.keys(files)).toContain('logs/resdesk.log.1');
    expect(JSON.parse(files['settings.json'] as string)).toMatchObject({ partnerId: 1001, userSet: true });
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(TOKEN);
    for (const name of names) expect(all.toLowerCase(), name).not.toContain(name.toLowerCase());
  });

  it.each([
    ['unreadable', (file: string) => writeFileSync(file, 'not a database at all, '.repeat(300))],
    ['missing', () => undefined],
  ])(
    'with the database %s, the logs keep their lines and no guest name, password or token',
    (_case, make) => {
      const elsewhere = mkdtempSync(path.join(tmpdir(), 'resdesk-diag-blind-'));
      try {
        const dbFile = path.join(elsewhere, 'resdesk.db');
        make(dbFile);
        const zip = buildDiagnostics({
          dbFile,
          dataDir: elsewhere,
          logDir: path.join(dir, 'logs'),
          version: '9.9.9',
          setup: null,
          now: new Date('2026-06-01T08:00:00.000Z'),
        });
        const { files, all } = scan(zip);
        expect(files['logs/resdesk.log']).toContain('could not read the voucher of [blanked]');
        expect(files['logs/resdesk.log']).toMatch(/"at":"\d{4}-\d{2}-\d{2}T/);
        expect(files['database.json']).toContain('the names to blank could not be read');
        expect(all).not.toContain(PASSWORD);
        expect(all).not.toContain(TOKEN);
        for (const name of names) expect(all.toLowerCase(), name).not.toContain(name.toLowerCase());
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    },
  );

  it("--out is refused on the desk's own database, through a link and into a named pipe; nothing is written", async () => {
    const db = path.join(dir, 'resdesk.db');
    const before = readFileSync(db);
    const run = (out: string) => diagnosticsCommand(['--db', db, '--out', out], () => undefined, '9.9.9');
    await expect(run(db)).rejects.toThrow("is one of Resdesk's own files; nothing was written");
    await expect(run(`${db}-wal`)).rejects.toThrow("is one of Resdesk's own files");
    expect(readFileSync(db).equals(before)).toBe(true);
    const precious = path.join(dir, 'precious.txt');
    writeFileSync(precious, 'keep me');
    const link = path.join(dir, 'support-link.zip');
    symlinkSync(precious, link);
    await expect(run(link)).rejects.toThrow('is a symbolic link; Resdesk writes only to regular files');
    expect(readFileSync(precious, 'utf8')).toBe('keep me');
    const pipe = path.join(dir, 'support-pipe.zip');
    execFileSync('mkfifo', [pipe]);
    await expect(run(pipe)).rejects.toThrow('is a named pipe (FIFO)');
    expect(lstatSync(pipe).isFIFO()).toBe(true);
  });
});
