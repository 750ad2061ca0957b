// Fakes Electron's BrowserWindow: bounds, visibility, loading and the close/destroy lifecycle.
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { state } from './state';
import { FakeWebContents } from './web-contents';

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed);
  }
  readonly webContents: FakeWebContents;
  readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
  visible = false;
  focused = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  bounds: Bounds;
  constructor(options: Record<string, unknown> = {}) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents(state.session);
    const n = (k: string, d: number) => (typeof options[k] === 'number' ? (options[k] as number) : d);
    this.bounds = { x: n('x', 0), y: n('y', 0), width: n('width', 800), height: n('height', 600) };
    this.visible = options.show !== false;
    FakeBrowserWindow.instances.push(this);
  }
  async loadFile(file: string, options?: { query?: Record<string, string>; hash?: string }): Promise<void> {
    const url = new URL(`file://${path.resolve(file)}`);
    for (const [k, v] of Object.entries(options?.query ?? {})) url.searchParams.set(k, v);
    if (options?.hash) url.hash = options.hash;
    this.webContents.mainFrame.url = url.href;
    this.webContents.loaded.push(url.href);
  }
  async loadURL(url: string, _options?: unknown): Promise<void> {
    this.webContents.mainFrame.url = url;
    this.webContents.loaded.push(url);
  }
  show(): void {
    this.visible = true;
    this.focused = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  minimize(): void {
    this.minimized = true;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getBounds(): Bounds {
    return { ...this.bounds };
  }
  getNormalBounds(): Bounds {
    return { ...this.bounds };
  }
  setBounds(bounds: Partial<Bounds>, _animate?: boolean): void {
    this.bounds = { ...this.bounds, ...bounds };
  }
  /** Like Electron: 'close' can be prevented; otherwise the window is destroyed and 'closed' follows. */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}
