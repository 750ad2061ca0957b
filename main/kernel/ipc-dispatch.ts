// Transport-neutral request dispatch: validates a request from the renderer against the contract and runs
// its handler. Used by the Electron adapter (main/shell/ipc.ts) and by the browser host of the tests, so the two
// transports behave identically. Never throws: every outcome is an IpcResult.
import { NOTE_MAX } from '../../shared/domain';
import type { Handlers, IpcError, IpcResult, RequestName } from '../../shared/ipc';
import { isInvalidReason, requestSchemas } from '../../shared/ipc';
import type { Logger } from './core-types';
import { StoreUnavailable } from '../store/engines/unavailable';
import { DatabaseDamagedError } from '../store';
import type { Messages } from './messages';

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

/** What a refused request says: the schema's code worded in the desk's language (never zod's English). */
export function invalidRequest(
  messages: Messages,
  issue: { message: string; path: readonly PropertyKey[] } | undefined,
): IpcError {
  const reason = issue?.message;
  if (isInvalidReason(reason)) {
    return { code: 'invalid-request', reason, message: messages.t(`invalid.${reason}`, { max: NOTE_MAX }) };
  }
  const field = issue?.path.map(String).join('.') || '—';
  return { code: 'invalid-request', message: messages.t('invalid.request', { field }) };
}

export interface DispatchOptions {
  /** The sentences in the desk's language (the core's, which follow setLanguage). */
  messages: Messages;
  logger?: Logger;
}

export async function dispatchRequest(
  handlers: Handlers,
  name: unknown,
  payload: unknown,
  { messages, logger }: DispatchOptions,
): Promise<IpcResult<unknown>> {
  if (!isRequestName(name)) {
    return { ok: false, error: { code: 'unknown-request', message: messages.t('error.unknownRequest') } };
  }
  const parsed = requestSchemas[name].safeParse(payload ?? {});
  if (!parsed.success) return { ok: false, error: invalidRequest(messages, parsed.error.issues[0]) };
  try {
    // The schema and the handler are looked up by the same validated name, so the pairing is sound.
    const handler = handlers[name] as (request: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof DeskError) return { ok: false, error: { code: error.code, message: error.message } };
    // The database failed its check at start: every request says so, and where the backups are.
    if (error instanceof DatabaseDamagedError)
      return {
        ok: false,
        error: { code: 'database-damaged', message: messages.t('backups.damagedAtStart') },
      };
    // The hotel's shared database does not answer: nothing was saved, and the sentence says so.
    if (error instanceof StoreUnavailable)
      return { ok: false, error: { code: 'service', message: messages.t('error.hotelDbUnreachable') } };
    logger?.error('request failed', {
      request: name,
      error: error instanceof Error ? error.name : 'unknown',
    });
    return { ok: false, error: { code: 'internal', message: messages.t('error.internal') } };
  }
}
