// The only bridge between the sandboxed page and main: `window.resdesk`, derived from the contract. One
// function per request (each invokes exactly its own channel) and `on` for the contract's push events.
// No raw ipcRenderer, no generic send; listeners never see the IPC event object.
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { Events, IpcResult, RequestName, RequestOf, ResdeskApi, Results } from '../shared/ipc';
import { eventChannel, eventNames, requestChannel, requestNames } from '../shared/ipc';

type Requests = { [K in RequestName]: ResdeskApi[K] };

const request =
  <K extends RequestName>(name: K) =>
  (payload: RequestOf<K>): Promise<IpcResult<Results[K]>> =>
    ipcRenderer.invoke(requestChannel(name), payload);

const requests = Object.fromEntries(requestNames.map((name) => [name, request(name)])) as Requests;

const isEventName = (value: unknown): value is keyof Events =>
  typeof value === 'string' && (eventNames as readonly string[]).includes(value);

function on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
  if (!isEventName(event) || typeof listener !== 'function') throw new TypeError('Unknown Resdesk event.');
  const channel = eventChannel(event);
  const forward = (_ipcEvent: IpcRendererEvent, payload: Events[E]): void => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

const api = Object.freeze({ ...requests, on });

contextBridge.exposeInMainWorld('resdesk', api);

// Compile-time check: what is exposed is exactly the contract's ResdeskApi, no key more or less.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const preloadMatchesContract: Exact<keyof typeof api, keyof ResdeskApi> = true;
const _typed: ResdeskApi = api;
void _typed;
