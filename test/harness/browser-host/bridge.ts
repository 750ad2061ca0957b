// Runs in the page, before the renderer: defines `window.resdesk` with exactly the ResdeskApi shape (one
// function per request, plus `on`), carried over a WebSocket to the host. The Electron preload does the
// same over IPC; only the transport differs.
import type { ResdeskApi } from '../../../shared/ipc';
import type { BridgeConfig, BridgeRequest, HostMessage } from './bridge-protocol';

declare const __RESDESK_BRIDGE__: BridgeConfig;

const config = __RESDESK_BRIDGE__;
const lost = {
  ok: false as const,
  error: {
    code: 'internal' as const,
    message: 'Resdesk lost its connection to the engine. Reload the window.',
  },
};

const socket = new WebSocket(config.url);
const opened = new Promise<boolean>((resolve) => {
  socket.addEventListener('open', () => resolve(true));
  socket.addEventListener('close', () => resolve(false));
});
const pending = new Map<number, (result: unknown) => void>();
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let nextId = 1;

socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data)) as HostMessage;
  if (message.kind === 'result') {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  } else {
    for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
  }
});
socket.addEventListener('close', () => {
  for (const resolve of pending.values()) resolve(lost);
  pending.clear();
});

const request = (name: string) => async (payload: unknown) => {
  if (!(await opened)) return lost;
  const id = nextId++;
  const message: BridgeRequest = { kind: 'request', id, name, payload };
  return new Promise<unknown>((resolve) => {
    pending.set(id, resolve);
    socket.send(JSON.stringify(message));
  });
};

function on(event: string, listener: (payload: unknown) => void): () => void {
  if (!config.events.includes(event) || typeof listener !== 'function')
    throw new TypeError('Unknown Resdesk event.');
  const set = listeners.get(event) ?? new Set();
  listeners.set(event, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

const api = Object.freeze({
  ...Object.fromEntries(config.requests.map((name) => [name, request(name)])),
  on,
});

// Built from the contract's own name lists (requestNames, eventNames), baked in by the host.
const typed = api as unknown as ResdeskApi;
Object.defineProperty(globalThis, 'resdesk', {
  value: typed,
  enumerable: true,
  configurable: false,
  writable: false,
});
