// Fakes Electron's Notification: records every notification created, shown and closed.
import { EventEmitter } from 'node:events';

export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  closed = false;
  constructor(
    public readonly options: { title?: string; body?: string; silent?: boolean; icon?: unknown } = {},
  ) {
    super();
    FakeNotification.instances.push(this);
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.emit('close', {});
  }
}
