// Every request's handler, gathered from the groups by concern: `Handlers` makes a request without one a type error.
// What a group needs beyond the desk's context comes from the core, which alone holds it.
import type { Handlers } from '../../shared/ipc';
import type { NotificationSettingsPort } from '../kernel/core-types';
import { aboutHandlers } from './about';
import { answeringHandlers, type AnswerPresencePort } from './answering';
import { answerHandlers } from './answers';
import type { DeskBackups } from './backups';
import { checkHandlers } from './checks';
import type { DeskContext } from './context';
import { contractHandlers } from './contracts';
import { diagnosticsHandlers } from './diagnostics';
import { exportHandlers } from './export';
import { mappingStatusHandlers } from './mapping-status';
import { notificationHandlers } from './notifications';
import { pollSettingsHandlers } from './poll-settings';
import { productionHandlers } from './production';
import { reservationHandlers } from './reservations';
import { safeModeHandlers } from './safe-mode';
import { setupHandlers } from './setup';
import { severalDesksHandlers } from './several-desks';

export interface CoreParts {
  /** The backups' handlers (their daily timer is the core's). */
  backups: DeskBackups['handlers'];
  /** Who is answering what: only the hotel's database knows of other desks (null on the desk's own file). */
  presence: () => AnswerPresencePort | null;
  /** The poll interval while the hotel has not chosen one, and the running poller told of a new choice. */
  poll: { fallbackMs?: number; onChange: (ms: number) => void };
  notifications: NotificationSettingsPort;
}

export function deskHandlers(ctx: DeskContext, parts: CoreParts): Handlers {
  return {
    ...setupHandlers(ctx),
    ...reservationHandlers(ctx),
    ...answerHandlers(ctx),
    ...mappingStatusHandlers(ctx),
    ...exportHandlers(ctx),
    ...checkHandlers(ctx),
    ...contractHandlers(ctx),
    ...productionHandlers(ctx),
    ...parts.backups,
    ...aboutHandlers(ctx),
    ...safeModeHandlers(ctx),
    ...diagnosticsHandlers(ctx),
    ...severalDesksHandlers(ctx),
    ...answeringHandlers(ctx, parts.presence),
    ...pollSettingsHandlers(ctx, parts.poll),
    ...notificationHandlers(ctx, parts.notifications),
  };
}
