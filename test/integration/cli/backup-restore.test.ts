// `resdesk backup` and `resdesk restore` as a hotel's helper would type them: a checked copy, the list,
// a restore that says what is lost and keeps the replaced database, and a refusal of a bad backup.
import { describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Store } from '../../../main/store';
import { generateReservations } from '../../unit/store/fixtures';
import { damageMiddle, deskDatabase, reservationCount, tempFolder } from '../../unit/backup/helpers';
import { runResdesk } from '../../harness/resdesk-cli';

describe('resdesk backup and restore', () => {
  it('backs up, lists, restores with what is lost said first, and keeps the replaced database', async () => {
    const dir = tempFolder();
    const db = path.join(dir, 'desk.db');
    deskDatabase(db, 25);
    const out = path.join(dir, 'usb');

    const backup = await runResdesk(['backup', '--db', db, '--out', out, '--json']);
    expect(backup.code, backup.stderr).toBe(0);
    const copy = JSON.parse(backup.stdout) as { file: string; kind: string; version: number };
    expect(copy.kind).toBe('manual');
    expect(path.dirname(copy.file)).toBe(out);

    const listed = await runResdesk(['backup', '--db', db, '--out', out, '--list']);
    expect(listed.stdout).toContain(copy.file);
    expect(listed.stdout).toContain('1 backups in');

    const store = Store.open(db);
    store.importBatch(generateReservations(5, 3, 900), '2026-07-01T12:00:00.000Z');
    store.close();

    const dry = await runResdesk(['restore', '--db', db, '--from', copy.file, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Lost: 5 reservation versions received and 0 answers given');
    expect(dry.stdout).toContain('Nothing was changed');
    expect(reservationCount(db)).toBe(30);

    const restored = await runResdesk(['restore', '--db', db, '--from', copy.file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Lost: 5 reservation versions');
    const kept = /kept as (.+)\.$/m.exec(restored.stdout)?.[1];
    expect(kept && existsSync(kept)).toBe(true);
    expect(reservationCount(db)).toBe(25);
    expect(reservationCount(kept!)).toBe(30);
  }, 120_000);

  it('refuses a file that is not a good backup, and will not back up a damaged database', async () => {
    const dir = tempFolder();
    const db = path.join(dir, 'desk.db');
    deskDatabase(db, 400);
    const notes = path.join(dir, 'notes.txt');
    writeFileSync(notes, 'hello');
    const refused = await runResdesk(['restore', '--db', db, '--from', notes]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not a good Resdesk backup .* nothing was changed/);
    expect(reservationCount(db)).toBe(400);

    // A backup put back only where a database file is or may be: never over a folder, never into a missing one.
    const good = JSON.parse((await runResdesk(['backup', '--db', db, '--json'])).stdout) as { file: string };
    for (const place of [dir, path.join(dir, 'no-such-folder', 'desk.db')]) {
      const nowhere = await runResdesk(['restore', '--db', place, '--from', good.file]);
      expect(nowhere.code).toBe(1);
      expect(nowhere.stderr.trim().split('\n')).toHaveLength(1);
      expect(nowhere.stderr).toMatch(/nothing was changed/);
    }
    expect(existsSync(db)).toBe(true);
    expect(reservationCount(db)).toBe(400);

    damageMiddle(db);
    const damaged = await runResdesk(['backup', '--db', db]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/is not a whole Resdesk database .*no backup was written/);
    expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
    const nowhere = await runResdesk(['backup', '--db', db, '--out', '']);
    expect(nowhere.code).toBe(2);
  }, 120_000);
});
