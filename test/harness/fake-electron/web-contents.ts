// Fakes Electron's web contents: frames, the session's request/permission hooks, and a renderer's WebContents.
import { EventEmitter } from 'node:events';

let nextWebContentsId = 1;

export class FakeWebFrame {
  parent: FakeWebFrame | null = null;
  constructor(public url: string) {}
}

export interface WindowOpenDetails {
  url: string;
  frameName?: string;
  features?: string;
  disposition?: string;
}

export class FakeSession {
  headersListener:
    | ((
        details: { url: string; responseHeaders?: Record<string, string[]> },
        callback: (r: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
      ) => void)
    | null = null;
  permissionRequestHandler:
    | ((
        wc: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: { requestingUrl: string },
      ) => void)
    | null = null;
  permissionCheckHandler:
    | ((wc: unknown, permission: string, origin: string, details: { requestingUrl?: string }) => boolean)
    | null = null;
  webRequest = {
    onHeadersReceived: (listener: FakeSession['headersListener']) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: FakeSession['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly loaded: string[] = [];
  windowOpenHandler: ((details: WindowOpenDetails) => { action: 'allow' | 'deny' }) | null = null;
  mainFrame = new FakeWebFrame('');
  session: FakeSession;
  destroyed = false;
  devToolsOpened = false;
  reloads = 0;
  constructor(session: FakeSession) {
    super();
    this.session = session;
  }
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  openDevTools(_options?: unknown): void {
    this.devToolsOpened = true;
  }
  reload(): void {
    this.reloads += 1;
  }
  /** Test helper: simulates a navigation attempt and says whether the app prevented it. */
  tryNavigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.emit(event, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}
