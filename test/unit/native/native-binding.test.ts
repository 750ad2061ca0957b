// The database opener loads the better-sqlite3 build of its runtime: Node's own under Node, the file the
// Electron entry names under Electron (a Node process standing in for Electron loads a real database
// through the nativeBinding path, so the option is really used).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { electronSqlitePath } from '../../../main/shell/electron-sqlite-path';
import { SQLITE_BINDING_ENV, sqliteBindingOption } from '../../../main/store/native-binding';

const dir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-binding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const nodeSqlite = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);
const electron = { ...process.versions, electron: '45.4.1' };

describe('the native binding per runtime', () => {
  it('is better-sqlite3’s default under Node, whatever the environment says', () => {
    expect(sqliteBindingOption(process.versions, { [SQLITE_BINDING_ENV]: '/elsewhere.node' })).toEqual({});
  });

  it('is the file the Electron entry names under Electron, and that file is what opens the database', () => {
    const copy = path.join(dir, 'electron-build', 'better_sqlite3.node');
    mkdirSync(path.dirname(copy), { recursive: true });
    copyFileSync(nodeSqlite, copy);
    const option = sqliteBindingOption(electron, { [SQLITE_BINDING_ENV]: copy });
    expect(option).toEqual({ nativeBinding: copy });
    const db = new BetterSqlite3(path.join(dir, 'desk.db'), option);
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
  });

  it('stops with what to do when Electron was given no build, or a missing one', () => {
    expect(() => sqliteBindingOption(electron, {})).toThrow(
      'Resdesk was started without its Electron build of better-sqlite3: start it with npm start.',
    );
    expect(() =>
      sqliteBindingOption(electron, { [SQLITE_BINDING_ENV]: path.join(dir, 'none.node') }),
    ).toThrow(
      /^The Electron build of better-sqlite3 is missing \(.+none\.node\): run npm start, or reinstall Resdesk\.$/,
    );
  });

  it('lives in resources/native when packaged and in build/electron-native/<platform>-<arch> unpackaged', () => {
    const context = {
      appPath: '/repo',
      resourcesPath: '/opt/Resdesk/resources',
      platform: 'linux' as const,
      arch: 'x64',
    };
    expect(electronSqlitePath({ ...context, packaged: true })).toBe(
      '/opt/Resdesk/resources/native/better_sqlite3.node',
    );
    expect(electronSqlitePath({ ...context, packaged: false })).toBe(
      '/repo/build/electron-native/linux-x64/better_sqlite3.node',
    );
  });
});
