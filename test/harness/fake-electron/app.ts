// Fakes Electron's app: paths, version/locale, readiness, single-instance lock, quit/exit, badge and login item.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';

export class FakeApp extends EventEmitter {
  isPackaged = false;
  quitCalls = 0;
  exitCode: number | null = null;
  badgeCount = 0;
  loginItem: { openAtLogin: boolean; args?: string[] } = { openAtLogin: false };
  /** macOS: whether the OS opened the app at login (getLoginItemSettings().wasOpenedAtLogin). */
  wasOpenedAtLogin = false;
  paths = new Map<string, string>();
  appLogsPath: string | null = null;
  hasLock = true;
  userData = path.join(os.tmpdir(), 'resdesk-fake-userdata');
  appPath = process.cwd();
  readyPromise: Promise<void> = Promise.resolve();
  name = 'Resdesk';
  getPath(name: string): string {
    const set = this.paths.get(name);
    if (set !== undefined) return set;
    if (name === 'userData') return this.userData;
    if (name === 'logs') return this.appLogsPath ?? path.join(this.userData, 'logs');
    if (name === 'appData') return path.join(os.tmpdir(), 'resdesk-fake-appData');
    return path.join(os.tmpdir(), `resdesk-fake-${name}`);
  }
  setPath(name: string, value: string): void {
    this.paths.set(name, value);
  }
  setAppLogsPath(value?: string): void {
    this.appLogsPath = value ?? null;
  }
  getAppPath(): string {
    return this.appPath;
  }
  getVersion(): string {
    return '0.1.0';
  }
  getName(): string {
    return this.name;
  }
  getLocale(): string {
    return 'tr-TR';
  }
  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  requestSingleInstanceLock(_additionalData?: Record<string, unknown>): boolean {
    return this.hasLock;
  }
  quit(): void {
    this.quitCalls++;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
  focus(_options?: { steal: boolean }): void {}
  setAppUserModelId(_id: string): void {}
  setBadgeCount(count = 0): boolean {
    this.badgeCount = count;
    return true;
  }
  setLoginItemSettings(settings: { openAtLogin?: boolean; args?: string[] }): void {
    this.loginItem = { openAtLogin: settings.openAtLogin === true, args: settings.args };
  }
  getLoginItemSettings(_options?: unknown): { openAtLogin: boolean; wasOpenedAtLogin: boolean } {
    return { openAtLogin: this.loginItem.openAtLogin, wasOpenedAtLogin: this.wasOpenedAtLogin };
  }
}
