// The desk's side of backups, through the core's handlers and the same dispatch the window uses: the daily
// copy, the list, a damaged database refused at start with the backups still offered, and a restore that
// says what is lost first and leaves the desk working on the restored file.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import { memoryStore } from '../../../main/secrets/memory-store';
import type { Logger } from '../../../main/kernel/core-types';
import { deskBackups } from '../../../main/handlers/backups';
import type { DeskContext } from '../../../main/handlers/context';
import { createMessages } from '../../../main/kernel/messages';
import { Store } from '../../../main/store';
import { generateReservations } from '../../unit/store/fixtures';
import { damages, damageMiddle, deskDatabase, reservationCount, tempFolder } from '../../unit/backup/helpers';
import { markOpened } from '../../../main/store/integrity-schedule';

const hashOf = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

function deskIn(dataDir: string, now?: () => Date) {
  const lines: string[] = [];
  const opened: unknown[] = [];
  const logger: Logger = {
    info: (m, fields) => {
      lines.push(m);
      if (m === 'desk database opened') opened.push(fields);
    },
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  };
  const core = createCore({ dataDir, credentials: memoryStore(), logger, now });
  const ask = (name: string, payload: unknown = {}) =>
    dispatchRequest(core.handlers, name, payload, { messages: core.messages, logger });
  return { core, ask, lines, opened };
}

describe('backups in the desk', () => {
  it('lists a copy taken now, restores it after saying what is lost, and works on the restored file', async () => {
    const dataDir = tempFolder();
    const db = path.join(dataDir, 'resdesk.db');
    deskDatabase(db, 20);
    const { core, ask } = deskIn(dataDir);
    const taken = await ask('backupNow');
    expect(taken.ok).toBe(true);
    const listed = await ask('listBackups');
    if (!listed.ok) throw new Error(listed.error.message);
    const view = listed.value as { backups: { file: string; kind: string }[]; databaseDamaged: boolean };
    expect(view.databaseDamaged).toBe(false);
    expect(view.backups.map((b) => b.kind)).toEqual(['manual']);
    const file = view.backups[0]!.file;

    // More arrives after the copy: the preview says it would be lost.
    const writer = Store.open(db);
    writer.importBatch(generateReservations(4, 5, 700), '2026-06-05T10:00:00.000Z');
    writer.close();
    const preview = await ask('previewRestore', { file });
    expect(preview).toMatchObject({ ok: true, value: { lost: { reservationVersions: 4, decisions: 0 } } });

    // A path the list does not show is refused, whatever it is.
    expect(await ask('restoreBackup', { file: db })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });

    const restored = await ask('restoreBackup', { file });
    expect(restored).toMatchObject({
      ok: true,
      value: { replacedBy: expect.stringContaining('resdesk.db.replaced-') },
    });
    expect((await ask('getStatus')).ok).toBe(true);
    await core.stop();
    expect(reservationCount(db)).toBe(20);
  });

  // A start reads the whole file after a desk that did not close cleanly (killed, the power cut: what damages a
  // file) and once a week; the damage is met either way.
  const ends = {
    'killed while it ran': { leftOpen: true, daysLater: 0 },
    'a week after it closed cleanly': { leftOpen: false, daysLater: 7 },
  };
  const cases = Object.entries(damages).flatMap(([damage, harm]) =>
    Object.entries(ends).map(([end, how]) => [damage, end, harm, how] as const),
  );
  it.each(cases)(
    'a database with %s, the desk %s, is refused at start, never written, and the backups are offered',
    async (_case, _end, damage, how) => {
      const dataDir = tempFolder();
      const db = path.join(dataDir, 'resdesk.db');
      deskDatabase(db, 400);
      const before = deskIn(dataDir);
      await before.ask('backupNow');
      await before.core.stop();
      // What a desk that never reached its clean close leaves beside its file.
      if (how.leftOpen) markOpened(db, new Date(), 'shape');
      damage(db);
      const hash = hashOf(db);

      const later = new Date(Date.now() + how.daysLater * 24 * 3600_000);
      const { core, ask, lines } = deskIn(dataDir, () => later);
      await expect(core.start()).rejects.toThrow(/damaged/);
      const setup = await ask('getSetup');
      // In the desk's language (Turkish until the setup can be read): where the backups are.
      expect(setup).toMatchObject({
        ok: false,
        error: { code: 'database-damaged', message: core.messages.t('backups.damagedAtStart') },
      });
      expect(hashOf(db)).toBe(hash);
      // No daily copy of a damaged desk pushes the good ones out.
      expect(await ask('backupNow')).toMatchObject({ ok: false });

      const listed = await ask('listBackups');
      if (!listed.ok) throw new Error(listed.error.message);
      const view = listed.value as { backups: { file: string }[]; databaseDamaged: boolean };
      expect(view.databaseDamaged).toBe(true);
      const preview = await ask('previewRestore', { file: view.backups[0]!.file });
      // What a damaged file holds may or may not be readable: the preview answers either way.
      expect(preview.ok).toBe(true);
      const restored = await ask('restoreBackup', { file: view.backups[0]!.file });
      expect(restored.ok).toBe(true);
      expect((await ask('getSetup')).ok).toBe(true);
      await core.stop();
      expect(lines).toContain('a backup was restored');
      expect(reservationCount(db)).toBe(400);
      // The damaged file is kept beside, as it was.
      const kept = readdirSync(dataDir).find(
        (f) => f.startsWith('resdesk.db.replaced-') && !/-(wal|shm)$/.test(f),
      );
      expect(kept && hashOf(path.join(dataDir, kept))).toBe(hash);
    },
  );

  it('an empty file with no copies is a new desk, as on first start', async () => {
    const dataDir = tempFolder();
    writeFileSync(path.join(dataDir, 'resdesk.db'), '');
    const { core, ask } = deskIn(dataDir);
    await core.start();
    expect((await ask('getSetup')).ok).toBe(true);
    await core.stop();
  });

  it('takes the daily copy when the newest is 23 hours old, into the second folder too', async () => {
    const dataDir = tempFolder();
    const db = path.join(dataDir, 'resdesk.db');
    deskDatabase(db, 5);
    let now = new Date('2026-06-01T03:00:00.000Z');
    const store = Store.open(db);
    // Only what the backups read of the desk's context.
    const ctx = {
      ports: { dataDir, logger: { info: () => {}, warn: () => {}, error: () => {} } },
      settingsStore: store,
      messages: createMessages('en'),
      now: () => now,
    } as unknown as DeskContext;
    const backups = deskBackups(ctx);
    const second = tempFolder();
    await backups.handlers.setBackupFolder({ folder: second });
    await expect(backups.handlers.setBackupFolder({ folder: path.join(second, 'missing') })).rejects.toThrow(
      /does not exist/,
    );
    backups.dailyCheck();
    now = new Date('2026-06-01T20:00:00.000Z');
    backups.dailyCheck();
    now = new Date('2026-06-02T03:00:00.000Z');
    backups.dailyCheck();
    const view = await backups.handlers.listBackups({});
    expect(view.backups.filter((b) => !b.inSecondFolder).map((b) => b.takenAt)).toEqual([
      '2026-06-02T03:00:00.000Z',
      '2026-06-01T03:00:00.000Z',
    ]);
    expect(view.backups.filter((b) => b.inSecondFolder)).toHaveLength(2);
    expect(view.secondFolder).toBe(second);
    store.close();
  });

  it('reads only the header and the schema at a start after a clean close within the week, and all of it after', async () => {
    const dataDir = tempFolder();
    const db = path.join(dataDir, 'resdesk.db');
    // Most of a hotel's file is reservations: the damaged page below is one of theirs, not the settings'.
    deskDatabase(db, 4000);
    const first = deskIn(dataDir);
    await first.ask('getSetup');
    await first.core.stop();
    expect(first.opened).toEqual([{ check: 'whole', why: 'first' }]);

    const next = deskIn(dataDir);
    expect((await next.ask('getSetup')).ok).toBe(true);
    await next.core.stop();
    expect(next.opened).toEqual([{ check: 'shape', why: 'recent' }]);

    // A page damaged while the desk was closed is not read at such a start; the weekly whole read finds it.
    damageMiddle(db);
    const sameWeek = deskIn(dataDir, () => new Date(Date.now() + 6 * 24 * 3600_000));
    expect((await sameWeek.ask('getSetup')).ok).toBe(true);
    await sameWeek.core.stop();
    const due = deskIn(dataDir, () => new Date(Date.now() + 8 * 24 * 3600_000));
    await expect(due.core.start()).rejects.toThrow(/damaged/);
    expect(due.opened).toEqual([]);
    await due.core.stop();
  });
});
