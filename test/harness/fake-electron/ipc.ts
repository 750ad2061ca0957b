// Fakes Electron's ipcMain (handler registry) and ipcRenderer (records invokes and sends).
import { EventEmitter } from 'node:events';
import type { FakeWebContents, FakeWebFrame } from './web-contents';

export class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Test helper: what Electron does when a renderer calls ipcRenderer.invoke(channel, ...args). */
  async invokeFrom(
    sender: { webContents: FakeWebContents; frame: FakeWebFrame | null },
    channel: string,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    return handler(
      { sender: sender.webContents, senderFrame: sender.frame, processId: 1, frameId: 1 },
      ...args,
    );
  }
}

export class FakeIpcRenderer extends EventEmitter {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  readonly sentRaw: unknown[] = [];
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return { ok: true, value: { channel } };
  }
  send(...args: unknown[]): void {
    this.sentRaw.push(args);
  }
}
