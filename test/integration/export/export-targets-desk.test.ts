// On the desk: an export request through the core (as the renderer sends it) never writes
// through or replaces what sits at the name it picks in <dataDir>/exports unless that is free or an
// earlier export; a link, a named pipe, a folder is refused with the desk's sentence, left as it was, and
// no temporary file stays behind. Opening an export opens only a regular file.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import { createMessages } from '../../../main/kernel/messages';
import { memoryStore } from '../../../main/secrets/memory-store';
import { Store } from '../../../main/store';
import type { Core, Logger } from '../../../main/kernel/core-types';
import type { ExportResult, IpcResult } from '../../../shared/ipc';
import { makeReservation } from '../../unit/store/fixtures';

const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const tr = createMessages('tr');

let dir: string;
let exportsDir: string;
let core: Core;
const opened: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'resdesk-export-targets-'));
  exportsDir = path.join(dir, 'exports');
  const store = Store.open(path.join(dir, 'resdesk.db'));
  store.importBatch([makeReservation({ keyField: 'K1', checkIn: '2026-07-10' })], '2026-06-01T08:00:00.000Z');
  store.close();
  writeFileSync(path.join(dir, 'precious.txt'), 'keep me');
  core = createCore({
    dataDir: dir,
    credentials: memoryStore(),
    logger,
    openPath: async (file) => void opened.push(file),
    now: () => new Date('2026-06-02T09:30:00'),
  });
  await core.start();
});
afterAll(async () => {
  await core.stop();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  // Each case plants its own obstacle in an otherwise empty exports folder.
  rmSync(exportsDir, { recursive: true, force: true });
  mkdirSync(exportsDir);
});

const call = <T>(name: string, payload: unknown) =>
  dispatchRequest(core.handlers, name, payload, core) as Promise<IpcResult<T>>;

/** What the exports folder holds, entry by entry, so nothing added, removed or changed goes unseen. */
function snapshot(): string[] {
  return readdirSync(exportsDir)
    .sort()
    .map((name) => {
      const file = path.join(exportsDir, name);
      const stat = lstatSync(file);
      if (stat.isSymbolicLink()) return `${name} → ${readlinkSync(file)}`;
      if (stat.isFile()) return `${name} file ${readFileSync(file, 'utf8').length}`;
      return `${name} ${stat.isFIFO() ? 'fifo' : stat.isDirectory() ? 'folder' : 'other'}`;
    });
}
async function activity(): Promise<unknown[]> {
  const result = await call<unknown[]>('listActivity', { offset: 0, limit: 50 });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const CSV = 'resdesk-reservations-to-enter-20260602-093000.csv';
const ARRIVALS = 'resdesk-arrivals-2026-07-10-20260602-093000';

describe('the desk refuses a target that is not a regular file', () => {
  it.each([
    [
      'a link to a file outside',
      'symlink',
      (file: string) => symlinkSync(path.join(dir, 'precious.txt'), file),
    ],
    ['a link to /dev/null', 'symlink', (file: string) => symlinkSync('/dev/null', file)],
    ['a link to nothing', 'symlink', (file: string) => symlinkSync(path.join(dir, 'nowhere.csv'), file)],
    ['a named pipe', 'fifo', (file: string) => void execFileSync('mkfifo', [file])],
    ['a folder', 'directory', (file: string) => mkdirSync(file)],
  ])('%s at the name it picks', async (_what, kind, plant) => {
    mkdirSync(exportsDir, { recursive: true });
    const target = path.join(exportsDir, CSV);
    plant(target);
    const before = snapshot();
    const activityBefore = await activity();
    expect(await call('exportCsv', { kind: 'reservations' })).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: tr.t(`exportTarget.${kind}` as 'exportTarget.symlink', { file: target }),
      },
    });
    expect(snapshot()).toEqual(before);
    expect(readFileSync(path.join(dir, 'precious.txt'), 'utf8')).toBe('keep me');
    expect(await activity()).toEqual(activityBefore);
  });

  it('a named pipe at the printable list of an arrivals export: no CSV either', async () => {
    const html = path.join(exportsDir, `${ARRIVALS}.html`);
    execFileSync('mkfifo', [html]);
    const before = snapshot();
    expect(await call('exportCsv', { kind: 'arrivals', date: '2026-07-10' })).toEqual({
      ok: false,
      error: { code: 'conflict', message: tr.t('exportTarget.fifo', { file: html }) },
    });
    expect(snapshot()).toEqual(before);
  });

  it('the sentence is the Turkish one, naming the file', () => {
    expect(tr.t('exportTarget.fifo', { file: '/x/a.csv' })).toMatch(
      /^Hiçbir şey dışa aktarılmadı: .*\/x\/a\.csv.*kanal/,
    );
  });

  it('an earlier export at the name is kept and the next name is used', async () => {
    writeFileSync(path.join(exportsDir, CSV), 'earlier');
    const result = await call<ExportResult>('exportCsv', { kind: 'reservations' });
    expect(result.ok && path.basename(result.value.path)).toBe(CSV.replace('.csv', '-2.csv'));
    expect(readFileSync(path.join(exportsDir, CSV), 'utf8')).toBe('earlier');
    expect(readdirSync(exportsDir).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('opening an export', () => {
  it('opens a regular file, never a link among the exports', async () => {
    const link = path.join(exportsDir, 'linked.csv');
    symlinkSync(path.join(dir, 'precious.txt'), link);
    expect(await call('openExport', { path: link })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    const real = path.join(exportsDir, 'real.csv');
    writeFileSync(real, 'x');
    expect(await call('openExport', { path: real })).toEqual({ ok: true, value: null });
    expect(opened).toEqual([real]);
  });
});
