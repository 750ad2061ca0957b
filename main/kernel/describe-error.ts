// Turns any failure into what the desk needs: a kind for retry decisions and a plain sentence for people.
import { InvalidRequestError, ServiceBusyError, isExchangeError, type ServiceError } from '../exchange';
import { AnswerNotSentInTime, type FailureKind } from '../sync/push';
import { StoreUnavailable } from '../store/engines/unavailable';
import type { Messages } from './messages';
import { RemoteSyncError } from '../sync/remote-error';
import { DatabaseFileChangedError, NotResdeskDatabaseError } from '../store';

/** How long the service asked to be left alone (busy, Retry-After), here or in the import worker; null if it did not. */
export function askedWait(error: unknown): number | null {
  if (error instanceof ServiceBusyError) return error.retryAfterMs;
  if (error instanceof RemoteSyncError) return error.waitMs;
  return null;
}

export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof RemoteSyncError) return error.failureKind;
  if (!isExchangeError(error)) return 'other';
  switch (error.kind) {
    case 'network':
      return 'network';
    case 'unauthorized':
      return 'unauthorized';
    case 'service':
      return 'service';
    case 'malformed':
      return 'malformed';
    case 'unconfirmed':
      return 'unconfirmed';
    case 'cancelled':
      return 'cancelled';
    case 'busy':
      return 'busy';
    default:
      return 'other';
  }
}

type LocalFault =
  | 'diskFull'
  | 'databaseBusy'
  | 'databaseReadOnly'
  | 'databaseDamaged'
  | 'databaseUnavailable'
  | 'noPermission';

/**
 * Faults of this computer, not of the service: SQLite's result codes (better-sqlite3 puts them in `code`)
 * and the file system's. Blaming them on the service would send the receptionist to the wrong place.
 */
export function localFault(error: unknown): LocalFault | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return null;
  if (
    code === 'SQLITE_FULL' ||
    code === 'ENOSPC' ||
    (code === 'SQLITE_IOERR_WRITE' && /full/i.test(String(error)))
  )
    return 'diskFull';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'databaseBusy';
  if (code.startsWith('SQLITE_READONLY')) return 'databaseReadOnly';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'databaseDamaged';
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR')) return 'databaseUnavailable';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'noPermission';
  return null;
}

/** A database file that is no longer the one written to stops the sync before it acknowledges more. */
const databaseFileSentence = {
  deleted: 'error.databaseGone',
  replaced: 'error.databaseGone',
  unwritable: 'error.databaseMadeReadOnly',
  'not-on-disk': 'error.databaseNotOnDisk',
} as const satisfies Record<DatabaseFileChangedError['problem'], string>;

/** Any other SQLite failure (a constraint, an I/O error of its own) is this computer's too, not the service's. */
const sqliteCode = (error: unknown): string | null => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
};

export interface DescribeContext {
  partnerId: number | null;
  /**
   * Whether this connection has ever worked. Before it has, "cannot be reached" or "no such page" most
   * likely means a wrong address, and "you are offline, work continues" would send people the wrong way.
   */
  connectedBefore: boolean;
}

export function describeFailure(
  error: unknown,
  messages: Messages,
  context: DescribeContext | number | null,
): string {
  const { partnerId, connectedBefore } =
    typeof context === 'object' && context !== null ? context : { partnerId: context, connectedBefore: true };
  if (error instanceof RemoteSyncError) return error.message;
  if (error instanceof DatabaseFileChangedError) return messages.t(databaseFileSentence[error.problem]);
  if (error instanceof NotResdeskDatabaseError) return messages.t('error.notResdeskDatabase');
  // The hotel's database, not the service: a sync or an answer that stopped because the database went away.
  if (error instanceof StoreUnavailable) return messages.t('error.hotelDbStoppedDuringSync');
  if (error instanceof AnswerNotSentInTime) return messages.t('error.answerNotSentInTime');
  const local = localFault(error);
  if (local) return messages.t(`error.${local}`);
  const sqlite = sqliteCode(error);
  if (sqlite) return messages.t('error.databaseFailed', { code: sqlite });
  if (error instanceof InvalidRequestError && error.field === 'serviceUrl')
    return messages.t('error.badAddress');
  if (!isExchangeError(error)) return messages.t('error.malformed');
  switch (error.kind) {
    case 'network':
      switch (error.reason) {
        case 'login-page':
          return messages.t('error.loginPage');
        case 'not-service':
          return messages.t(connectedBefore ? 'error.notService' : 'error.checkAddress');
        case 'timeout':
          return messages.t('error.timeout');
        case 'unreachable':
        case 'reset':
          return messages.t(connectedBefore ? 'error.unreachable' : 'error.checkAddress');
      }
      return messages.t('error.unreachable');
    case 'unauthorized':
      return messages.t(error.reason === 'token-refused' ? 'error.loginRefused' : 'error.unauthorized');
    case 'service':
      return describeRefusal(error, messages, partnerId, connectedBefore);
    case 'malformed':
      return messages.t('error.malformed');
    case 'unconfirmed':
      return error.got.keyField === null && error.got.status === null
        ? messages.t('error.unconfirmedEmpty')
        : messages.t('error.unconfirmedOther', {
            keyField: error.got.keyField || '—',
            status: error.got.status || '—',
          });
    case 'cancelled':
      return messages.t('error.cancelled');
    case 'busy':
      return error.retryAfterMs === null
        ? messages.t('error.busy')
        : messages.t('error.busyFor', { seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) });
    default:
      return error.message;
  }
}

/**
 * The live service's errors carry a numeric code ("12") and raw .NET text ("Value cannot be null.\r\n
 * Parameter name: paximumId"), so every sentence is derived from the message, never from code names.
 */
function describeRefusal(
  error: ServiceError,
  messages: Messages,
  partnerId: number | null,
  connectedBefore: boolean,
): string {
  if (error.htmlPage) {
    if (error.httpStatus === 404 && !connectedBefore) return messages.t('error.checkAddress');
    return messages.t('error.htmlErrorPage', { status: error.httpStatus ?? '' });
  }
  if (error.httpStatus === 404 && !connectedBefore && !error.serviceMessage)
    return messages.t('error.checkAddress');
  const text = `${error.serviceMessage} ${error.code}`;
  const parameter = /Parameter name:\s*([A-Za-z_][\w.]*)/i.exec(error.serviceMessage)?.[1] ?? null;
  // The hotel number is partnerId in the spec and paximumId at the live service.
  if (/\b(partner|paximum)(id)?\b|partnerid|paximumid/i.test(parameter ?? text))
    return messages.t('error.wrongPartner', { partnerId: partnerId ?? '' });
  if (parameter !== null || /cannot be null|is required|missing/i.test(error.serviceMessage))
    return messages.t('error.missingParameter', {
      parameter: parameter ?? firstSentence(error.serviceMessage),
    });
  return messages.t('error.service', { message: firstSentence(error.serviceMessage || error.code) });
}

/** .NET exception text carries a stack trace after the first line: people need only the first line. */
const firstSentence = (text: string): string => (text.split(/\r?\n/)[0] ?? '').slice(0, 300);
