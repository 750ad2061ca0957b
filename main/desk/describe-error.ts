// Turns any failure into what the desk needs: a kind for retry decisions and a plain sentence for people.
import { InvalidRequestError, isExchangeError } from '../exchange';
import type { FailureKind } from '../sync/push';
import type { Messages } from './messages';
import { RemoteSyncError } from '../sync/remote-error';

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
    case 'cancelled':
      return 'cancelled';
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

export function describeFailure(error: unknown, messages: Messages, partnerId: number | null): string {
  if (error instanceof RemoteSyncError) return error.message;
  const local = localFault(error);
  if (local) return messages.t(`error.${local}`);
  if (error instanceof InvalidRequestError && error.field === 'serviceUrl')
    return messages.t('error.badAddress');
  if (!isExchangeError(error)) return messages.t('error.malformed');
  switch (error.kind) {
    case 'network':
      return messages.t(error.reason === 'timeout' ? 'error.timeout' : 'error.unreachable');
    case 'unauthorized':
      return messages.t('error.unauthorized');
    case 'service':
      // The live service names the hotel number paximumId; the spec, partnerId.
      if (/partner|paximum/i.test(error.code))
        return messages.t('error.wrongPartner', { partnerId: partnerId ?? '' });
      return messages.t('error.service', { message: firstSentence(error.serviceMessage || error.code) });
    case 'malformed':
      return messages.t('error.malformed');
    case 'cancelled':
      return messages.t('error.cancelled');
    default:
      return error.message;
  }
}

/** .NET exception text carries a stack trace after the first line: people need only the first line. */
const firstSentence = (text: string): string => (text.split(/\r?\n/)[0] ?? '').slice(0, 300);
