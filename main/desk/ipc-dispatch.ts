// Transport-neutral request dispatch: validates a request from the renderer against the contract and runs
// its handler. Used by the Electron adapter (main/shell/ipc.ts) and by the browser host of the tests, so the two
// transports behave identically. Never throws: every outcome is an IpcResult.
import type { Handlers, IpcError, IpcResult, RequestName } from '../../shared/ipc';
import { requestSchemas } from '../../shared/ipc';
import type { Logger } from './core-types';

/** A failure a handler may throw on purpose: its message is already a plain sentence for the receptionist. */
export class DeskError extends Error {
  constructor(
    readonly code: IpcError['code'],
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

export const isRequestName = (name: unknown): name is RequestName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(requestSchemas, name);

export async function dispatchRequest(
  handlers: Handlers,
  name: unknown,
  payload: unknown,
  logger?: Logger,
): Promise<IpcResult<unknown>> {
  if (!isRequestName(name)) {
    return {
      ok: false,
      error: {
        code: 'unknown-request',
        message: 'The app asked for something it does not know. Restart Resdesk.',
      },
    };
  }
  const parsed = requestSchemas[name].safeParse(payload ?? {});
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
    return {
      ok: false,
      error: {
        code: 'invalid-request',
        message: `${first?.message ?? 'The request was not valid.'}${where}`,
      },
    };
  }
  try {
    // The schema and the handler are looked up by the same validated name, so the pairing is sound.
    const handler = handlers[name] as (request: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof DeskError) return { ok: false, error: { code: error.code, message: error.message } };
    logger?.error('request failed', {
      request: name,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return {
      ok: false,
      error: {
        code: 'internal',
        message: 'Something went wrong inside Resdesk. Try again; if it keeps happening, restart the app.',
      },
    };
  }
}
