// A sync that brought reservations is written to the activity log, so the Activity screen tells the day's
// story (what arrived when) beside what the receptionists did. A sync that brought nothing is not: the status
// bar says when the last one ran, and a poll a minute would bury the rest.
import type { Logger } from '../kernel/core-types';
import { activityDetail } from '../kernel/activity-words';
import type { DeskStore } from '../store/engines/desk-store';
import type { PullSummary } from '../sync/pull';

export function logSync(
  store: DeskStore,
  at: Date,
  user: string,
  summary: PullSummary,
  logger: Logger,
): void {
  const [arrived, changed, cancelled] = [
    summary.new.length,
    summary.changed.length,
    summary.cancelled.length,
  ];
  if (arrived + changed + cancelled === 0) return;
  store
    .addActivity({
      at: at.toISOString(),
      user,
      action: 'sync',
      keyField: null,
      detail: activityDetail({ kind: 'sync', new: arrived, changed, cancelled }),
    })
    .catch((error: unknown) =>
      logger.warn('a sync could not be written to the activity log', {
        error: error instanceof Error ? error.name : 'unknown',
      }),
    );
}
