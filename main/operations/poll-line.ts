// Each poll leaves one line in the log: how it went, how many requests it took, what it brought. The
// exchange client's own per-request lines are not passed on (a poll is several requests; at a poll every
// few seconds they would be the log), only its retry warnings. No address is written, so no query string
// (login carries the password in one) can reach the log.
import type { ResponseSeen } from '../exchange';
import type { CycleReport } from '../sync/cycle';

/** Counts the HTTP answers between two takes (a poll's, and any push that ran meanwhile). */
export class RequestTally {
  private requests = 0;
  private logins = 0;
  private refused = 0;

  readonly record = (seen: ResponseSeen): void => {
    this.requests++;
    if (seen.operation === 'login') this.logins++;
    if (seen.status >= 400) this.refused++;
  };

  take(): { requests: number; logins: number; refused: number } {
    const counts = { requests: this.requests, logins: this.logins, refused: this.refused };
    this.requests = this.logins = this.refused = 0;
    return counts;
  }
}

/** A sentence may quote an address: keep its path, drop what follows a `?`. */
const withoutQueries = (text: string): string =>
  text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?]*)\?\S*/gi, '$1');

export function pollLine(
  report: CycleReport,
  counts: ReturnType<RequestTally['take']>,
  ms: number,
  where: 'here' | 'worker',
): string {
  const p = report.pulled;
  const requests =
    `${counts.requests} requests` +
    (counts.logins > 0 ? `, ${counts.logins} login${counts.logins > 1 ? 's' : ''}` : '') +
    (where === 'worker' ? ', list read in a worker' : '');
  const brought =
    `received ${p.received} (${p.new.length} new, ${p.changed.length} changed, ${p.cancelled.length} cancelled, ` +
    `${p.statusUpdated.length} answered elsewhere), acknowledged ${p.acknowledged}, answers sent ${report.pushed?.sent ?? 0}` +
    (p.unreadable > 0 ? `, set aside ${p.unreadable}` : '');
  const outcome = report.error === null ? 'ok' : `failed (${withoutQueries(report.error)})`;
  return `poll ${outcome} in ${ms} ms: ${requests}; ${brought}`;
}
