// What the exactly-once tests check, shared: what the wire carried against what was decided, what the service
// and the desks hold, and which LogIds the hotel's database stored (only those may ever be reported).
import pg from 'pg';
import type { PracticeService } from '../../../main/sandbox';
import type { AnswerWire } from '../../harness/answer-wire';
import { serviceState, type ServiceState, type TestDesk } from './two-desks';

/** The KeyFields the wire carried more or less than once, of those expected once, and any it carried unasked. */
export function notOnce(wire: AnswerWire, keys: readonly string[]): Record<string, number> {
  const sent = wire.answers();
  const wrong: Record<string, number> = {};
  for (const key of keys) if (sent.get(key) !== 1) wrong[key] = sent.get(key) ?? 0;
  for (const [key, n] of sent) if (!keys.includes(key)) wrong[key] = n;
  return wrong;
}

/** The service's state once it holds a confirmation of every one of `keys`; null before. */
export async function confirmedAtService(
  service: PracticeService,
  keys: readonly string[],
): Promise<ServiceState | null> {
  const state = await serviceState(service);
  const done = new Set(state.confirmations.map((c) => c.keyField));
  return keys.every((k) => done.has(k)) ? state : null;
}

export const talks = async (d: TestDesk): Promise<boolean> =>
  (await d.core.handlers.getStatus({})).hotel?.thisDeskTalks === true;

/** The reservation's answer as the desk shows it (sent, pending, failed…), or null when it has none. */
export const decisionState = async (d: TestDesk, keyField: string): Promise<string | null> =>
  (await d.core.handlers.getReservation({ keyField })).decision?.state ?? null;

/** The LogIds the hotel's database holds a version of: what may be reported. */
export async function storedLogIds(url: string): Promise<Set<number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ log_id: string }>(
      'SELECT log_id::text AS log_id FROM reservation_versions',
    );
    return new Set(rows.rows.map((r) => Number(r.log_id)));
  } finally {
    await client.end();
  }
}
