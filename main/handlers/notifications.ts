// The settings screen's notification card: sound, reminder delay, start at sign-in.
import type { Handlers } from '../../shared/ipc';
import type { NotificationSettingsPort } from '../kernel/core-types';
import { DeskError } from '../kernel/ipc-dispatch';
import { StartAtLoginError } from '../notifications/settings';
import type { DeskContext } from './context';

type NotificationHandlers = Pick<Handlers, 'getNotificationSettings' | 'saveNotificationSettings'>;

export function notificationHandlers(
  ctx: DeskContext,
  settings: NotificationSettingsPort,
): NotificationHandlers {
  return {
    getNotificationSettings: async () => settings.get(),
    saveNotificationSettings: async (change) => {
      try {
        return settings.save(change);
      } catch (error) {
        if (error instanceof StartAtLoginError) {
          ctx.ports.logger.warn('could not change start at sign-in');
          throw new DeskError('internal', ctx.messages.t('error.startAtLoginFailed'));
        }
        ctx.ports.logger.error('could not save the notification settings', {
          reason: error instanceof Error ? error.name : 'unknown',
        });
        throw new DeskError('internal', ctx.messages.t('error.settingsNotSaved'));
      }
    },
  };
}
