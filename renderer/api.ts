// The renderer's only way to the app: window.resdesk (the contract in shared/ipc.ts). `ask` unwraps a
// result so screens can use try/catch; the error keeps the plain sentence main wrote for the receptionist.
import type { Events, IpcError, IpcResult, RequestName, RequestOf, ResdeskApi, Results } from '../shared/ipc';

declare global {
  interface Window {
    resdesk?: ResdeskApi;
  }
}

export class DeskRequestError extends Error {
  readonly code: IpcError['code'];
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'DeskRequestError';
    this.code = error.code;
  }
}

const missingBridge: IpcError = {
  code: 'internal',
  message: 'Resdesk could not reach its own engine. Close the window and start Resdesk again.',
};

export const hasBridge = (): boolean => window.resdesk !== undefined;

export async function ask<K extends RequestName>(name: K, request: RequestOf<K>): Promise<Results[K]> {
  const bridge = window.resdesk;
  if (!bridge) throw new DeskRequestError(missingBridge);
  // Indexing the bridge by a generic name loses the pairing of request and result; it is restored here.
  const call = bridge[name] as unknown as (r: RequestOf<K>) => Promise<IpcResult<Results[K]>>;
  const result = await call(request);
  if (!result.ok) throw new DeskRequestError(result.error);
  return result.value;
}

export function onDeskEvent<E extends keyof Events>(
  event: E,
  listener: (payload: Events[E]) => void,
): () => void {
  const bridge = window.resdesk;
  if (!bridge) return () => undefined;
  return bridge.on(event, listener);
}

export const errorCode = (error: unknown): IpcError['code'] =>
  error instanceof DeskRequestError ? error.code : 'internal';
