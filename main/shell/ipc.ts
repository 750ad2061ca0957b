// The main side of the bridge: exactly one ipcMain.handle per request channel of the contract, each
// refusing callers other than the desk window's own page, and each request validated by dispatchRequest.
// Core events go the other way on the contract's event channels.
import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import type { Events, Handlers, IpcResult } from '../../shared/ipc';
import { eventChannel, eventNames, requestChannel, requestNames } from '../../shared/ipc';
import type { Core, Logger } from '../kernel/core-types';
import { dispatchRequest } from '../kernel/ipc-dispatch';
import type { Messages } from '../kernel/messages';
import { isAppPageUrl, type AppPage } from './url-guards';

/** The parts of an invoke event the sender check reads. */
export type InvokeSender = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

export const FOREIGN_SENDER: IpcResult<never> = {
  ok: false,
  error: {
    code: 'invalid-request',
    message: 'This request did not come from the Resdesk window and was refused.',
  },
};

/**
 * The request must come from the top frame of the desk window, showing the desk's page. An iframe, a
 * page navigated elsewhere, or another web contents (the sound player) is refused.
 */
export function isDeskSender(event: InvokeSender, deskContentsId: number | null, page: AppPage): boolean {
  const frame = event.senderFrame;
  if (deskContentsId === null || event.sender.id !== deskContentsId || !frame) return false;
  if (frame.parent !== null) return false;
  return isAppPageUrl(frame.url, page);
}

export interface IpcOptions {
  handlers: Handlers;
  /** The core's sentences in the desk's language, for requests refused before any handler runs. */
  messages: Messages;
  /** The desk window's webContents id, or null while there is none. */
  deskContentsId: () => number | null;
  page: AppPage;
  logger?: Logger;
}

/** Registers the contract's request channels; returns a function removing them again. */
export function registerRequestHandlers(options: IpcOptions): () => void {
  const channels = requestNames.map((name) => {
    const channel = requestChannel(name);
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isDeskSender(event, options.deskContentsId(), options.page)) {
        options.logger?.warn('refused a request from outside the desk window', { request: name });
        return FOREIGN_SENDER;
      }
      return dispatchRequest(options.handlers, name, payload, options);
    });
    return channel;
  });
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/** Pushes every core event to the desk window, if it is there; returns a function stopping it. */
export function forwardCoreEvents(
  core: Pick<Core, 'on'>,
  deskContents: () => WebContents | null,
): () => void {
  const stops = eventNames.map((name) =>
    core.on(name, (payload: Events[typeof name]) => {
      const contents = deskContents();
      if (contents && !contents.isDestroyed()) contents.send(eventChannel(name), payload);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** Sends one event to the window (notification click → openReservation). */
export function sendDeskEvent<E extends keyof Events>(
  contents: WebContents | null,
  event: E,
  payload: Events[E],
): void {
  if (contents && !contents.isDestroyed()) contents.send(eventChannel(event), payload);
}
