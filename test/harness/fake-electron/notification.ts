// Fakes Electron's Notification: records every notification created, shown and closed, and the one
// Windows activation callback (Notification.handleActivation), which a test fires with `activate`.
import { EventEmitter } from 'node:events';

export interface FakeActivation {
  type: string;
  arguments: string;
}

export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  static activationHandler: ((details: FakeActivation) => void) | null = null;
  static handleActivation(callback: (details: FakeActivation) => void): void {
    FakeNotification.activationHandler = callback;
  }
  /** Test helper: Windows activates a toast (clicked now, or later from the Action Center). */
  static activate(launch: string): void {
    FakeNotification.activationHandler?.({ type: 'click', arguments: launch });
  }
  shown = false;
  closed = false;
  constructor(
    public readonly options: {
      title?: string;
      body?: string;
      silent?: boolean;
      icon?: unknown;
      toastXml?: string;
    } = {},
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
