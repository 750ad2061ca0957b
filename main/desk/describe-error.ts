// Turns any failure into what the desk needs: a kind for retry decisions and a plain sentence for people.
import { isExchangeError } from '../exchange';
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

export function describeFailure(error: unknown, messages: Messages, partnerId: number | null): string {
  if (error instanceof RemoteSyncError) return error.message;
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
