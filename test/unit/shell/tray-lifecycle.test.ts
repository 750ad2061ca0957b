import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ONLINE_CHECK_MS, deskPage, watchPowerAndNetwork } from '../../../main/index';
import { appMenuTemplate, installAppMenu } from '../../../main/shell/menu';
import { preferencesFile } from '../../../main/notifications/preferences';
import { createDeskTray, desktopExecQuote, loginItem, START_HIDDEN_ARG } from '../../../main/shell/tray';
import { FakeMenu, FakeTray, fake } from '../../harness/fake-electron';
import { fakeCore } from './fake-core';
import { manualTimer } from './manual-timer';

const dir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-tray-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => fake.reset());

describe('tray', () => {
  const make = () => {
    let opened = 0;
    let synced = 0;
    let quit = 0;
    let login = false;
    const preferences = preferencesFile(path.join(dir, `prefs-${Math.random()}.json`));
    const tray = createDeskTray({
      iconPath: path.join(dir, 'tray.png'),
      openDesk: () => void opened++,
      syncNow: () => void synced++,
      quit: () => void quit++,
      preferences,
      startAtLogin: { get: () => login, set: (on) => void (login = on) },
    });
    const fakeTray = FakeTray.instances.at(-1);
    if (!fakeTray) throw new Error('no tray');
    return { tray, fakeTray, preferences, counts: () => ({ opened, synced, quit, login }) };
  };

  it('shows the waiting count in the tooltip and badge, in the desk language', () => {
    const { tray, fakeTray } = make();
    expect(fakeTray.tooltip).toBe('Resdesk — Bekleyen yok');
    tray.update({ total: 4, cancellations: 1 }, 'en');
    expect(fakeTray.tooltip).toBe('Resdesk — 4 reservations waiting (1 of them a cancellation to take in)');
    expect(fake.app.badgeCount).toBe(4);
    tray.update({ total: 4, cancellations: 0 }, 'tr');
    expect(fakeTray.tooltip).toBe('Resdesk — 4 rezervasyon bekliyor');
    expect(fakeTray.menu?.find("Resdesk'ten çık")).toBeDefined();
  });

  it('its menu opens, syncs, toggles sound and start at sign-in, and quits', () => {
    const { tray, fakeTray, preferences, counts } = make();
    tray.update({ total: 0, cancellations: 0 }, 'en');
    const menu = fakeTray.menu;
    if (!menu) throw new Error('no menu');
    menu.find('Open Resdesk')?.click?.({});
    menu.find('Check for reservations now')?.click?.({});
    const sound = menu.find('Play sounds');
    expect(sound?.checked).toBe(true);
    sound?.click?.({ checked: false });
    expect(preferences.get().sound).toBe(false);
    menu.find('Start when I sign in')?.click?.({ checked: true });
    menu.find('Quit Resdesk')?.click?.({});
    fakeTray.emit('click');
    expect(counts()).toEqual({ opened: 2, synced: 1, quit: 1, login: true });
    tray.update({ total: 0, cancellations: 0 }, 'en');
    expect(fakeTray.menu?.find('Play sounds')?.checked).toBe(false);
    tray.destroy();
    expect(fakeTray.destroyed).toBe(true);
  });

  it('persists preferences across restarts', () => {
    const file = path.join(dir, 'notifications.json');
    preferencesFile(file).set({ sound: false, remindAfterMinutes: 30 });
    expect(preferencesFile(file).get()).toEqual({ sound: false, remindAfterMinutes: 30 });
  });
});

describe('start at sign-in', () => {
  it('uses the login item API on Windows, starting hidden in the tray', () => {
    const item = loginItem('win32');
    item.set(true);
    expect(fake.app.loginItem).toEqual({ openAtLogin: true, args: [START_HIDDEN_ARG] });
    expect(item.get()).toBe(true);
  });

  it('writes and removes an XDG autostart entry on Linux, for the AppImage path when there is one', () => {
    const env = { XDG_CONFIG_HOME: dir, APPIMAGE: '/home/desk/Apps/Resdesk "1".AppImage' };
    const item = loginItem('linux', env);
    expect(item.get()).toBe(false);
    item.set(true);
    const entry = readFileSync(path.join(dir, 'autostart', 'resdesk.desktop'), 'utf8');
    expect(entry).toContain('Exec="/home/desk/Apps/Resdesk \\"1\\".AppImage" --hidden');
    expect(item.get()).toBe(true);
    item.set(false);
    expect(existsSync(path.join(dir, 'autostart', 'resdesk.desktop'))).toBe(false);
    expect(desktopExecQuote('a$b`c\\d')).toBe('"a\\$b\\`c\\\\d"');
  });
});

describe('power and network', () => {
  it('pauses polling on sleep and resumes on wake, unlock and when the network returns', () => {
    const core = fakeCore();
    const clock = manualTimer();
    const stop = watchPowerAndNetwork(core.core, clock.timer);
    fake.powerMonitor.emit('suspend');
    fake.powerMonitor.emit('resume');
    fake.powerMonitor.emit('lock-screen');
    fake.powerMonitor.emit('unlock-screen');
    expect(core.lifecycle).toEqual(['pause', 'resume', 'resume']);
    fake.online = false;
    clock.advance(ONLINE_CHECK_MS);
    clock.advance(ONLINE_CHECK_MS);
    expect(core.lifecycle).toHaveLength(3);
    fake.online = true;
    clock.advance(ONLINE_CHECK_MS);
    clock.advance(ONLINE_CHECK_MS);
    expect(core.lifecycle).toEqual(['pause', 'resume', 'resume', 'resume']);
    stop();
    expect(clock.pending).toBe(0);
    fake.powerMonitor.emit('resume');
    expect(core.lifecycle).toHaveLength(4);
  });
});

describe('app page and menu', () => {
  it('loads the bundled page unless an unpackaged build is pointed at a loopback dev server', () => {
    const bundled = { kind: 'file', indexPath: path.join('/opt/resdesk', 'dist', 'renderer', 'index.html') };
    expect(deskPage('/opt/resdesk', true, 'http://127.0.0.1:5173/')).toEqual(bundled);
    expect(deskPage('/opt/resdesk', false, 'http://evil.example:5173/')).toEqual(bundled);
    expect(deskPage('/opt/resdesk', false, undefined)).toEqual(bundled);
    expect(deskPage('/opt/resdesk', false, 'http://127.0.0.1:5173/')).toEqual({
      kind: 'dev',
      url: 'http://127.0.0.1:5173/',
    });
  });

  it('has no menu (so no devtools) in production on Windows and Linux, and edit shortcuts on macOS', () => {
    installAppMenu('win32', false);
    expect(FakeMenu.applicationMenu).toBeNull();
    expect(appMenuTemplate('linux', false)).toBeNull();
    expect(JSON.stringify(appMenuTemplate('darwin', false))).not.toContain('toggleDevTools');
    expect(JSON.stringify(appMenuTemplate('darwin', false))).toContain('editMenu');
    expect(JSON.stringify(appMenuTemplate('linux', true))).toContain('toggleDevTools');
  });
});
