// The export requests through the core, validated as the renderer's requests are: files land in
// <dataDir>/exports, marking follows, opening is limited to exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import { memoryStore } from '../../../main/secrets/memory-store';
import { Store } from '../../../main/store';
import type { Core, Logger } from '../../../main/kernel/core-types';
import type { ExportResult, IpcResult, ToEnterPage } from '../../../shared/ipc';
import { generateReservations } from '../../unit/store/fixtures';
import { readCsv } from '../../unit/export/export-fixture';

const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

describe('export through the core', () => {
  let dir: string;
  let core: Core;
  const opened: string[] = [];
  const items = generateReservations(60, 3);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-export-core-'));
    const store = Store.open(path.join(dir, 'resdesk.db'));
    store.importBatch(items, '2026-06-01T08:00:00.000Z');
    store.close();
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

  const call = <T>(name: string, payload: unknown) =>
    dispatchRequest(core.handlers, name, payload, core) as Promise<IpcResult<T>>;

  it('refuses an incomplete request with a plain sentence', async () => {
    expect(await call('previewExport', { kind: 'arrivals' })).toEqual({
      ok: false,
      error: { code: 'invalid-request', reason: 'arrivals-day', message: 'Giriş listesinin gününü seçin.' },
    });
    const range = await call('exportCsv', { kind: 'guests', scope: 'range', from: '2026-07-01' });
    expect(range.ok).toBe(false);
  });

  it('previews, exports into <dataDir>/exports, marks what was exported, and opens only exports', async () => {
    const list = await call<ToEnterPage>('listToEnter', { offset: 0, limit: 500 });
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.total).toBeGreaterThan(0);
    const preview = await call('previewExport', { kind: 'reservations' });
    expect(preview).toMatchObject({
      ok: true,
      value: { reservations: list.value.total, markable: list.value.total },
    });

    const exported = await call<ExportResult>('exportCsv', { kind: 'reservations' });
    if (!exported.ok) throw new Error(exported.error.message);
    const result = exported.value;
    expect(path.dirname(result.path)).toBe(path.join(dir, 'exports'));
    expect(path.basename(result.path)).toBe('resdesk-reservations-to-enter-20260602-093000.csv');
    // Turkish is the desk's default language: ';' and Turkish headers.
    const { header, rows } = readCsv(result.path, ';');
    expect(header[0]).toBe('PMS işlemi');
    expect(rows.length).toBe(result.rows);
    expect(result.markable.length).toBe(list.value.total);

    const again = await call<ExportResult>('exportCsv', { kind: 'reservations' });
    expect(again.ok && path.basename(again.value.path)).toBe(
      'resdesk-reservations-to-enter-20260602-093000-2.csv',
    );

    expect(await call('markEntered', { reservations: result.markable })).toEqual({
      ok: true,
      value: { marked: result.markable.length, skipped: [] },
    });
    const after = await call<ToEnterPage>('listToEnter', { offset: 0, limit: 10 });
    expect(after.ok && after.value.total).toBe(0);
    const first = result.markable[0];
    expect(await call('getPmsEntry', { keyField: first?.keyField })).toMatchObject({
      ok: true,
      value: { state: 'entered', entered: { enteredAt: new Date('2026-06-02T09:30:00').toISOString() } },
    });

    expect(await call('openExport', { path: result.path })).toEqual({ ok: true, value: null });
    expect(opened).toEqual([result.path]);
    const outside = await call('openExport', { path: path.join(dir, 'exports', '..', 'resdesk.db') });
    expect(outside).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(opened).toHaveLength(1);
    expect(existsSync(path.join(dir, 'resdesk.db'))).toBe(true);
  });
});
