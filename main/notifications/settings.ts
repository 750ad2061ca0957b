// The settings screen's view of the notification preferences: the preferences file (sound, reminder
// delay) and, where the shell has one, the start-at-sign-in switch. Plain Node: the Electron shell hands
// in its login item; the browser host and the CLI have none, and the screen then hides that switch.
import type { NotificationSettingsPort } from '../kernel/core-types';
import type { PreferencesFile } from './preferences';

export interface StartAtLogin {
  get(): boolean;
  set(on: boolean): void;
}

/** Start at sign-in could not be changed; the preferences file was saved. */
export class StartAtLoginError extends Error {
  override name = 'StartAtLoginError';
}

export function notificationSettings(
  preferences: PreferencesFile,
  startAtLogin: StartAtLogin | null,
  onSaved: () => void = () => undefined,
): NotificationSettingsPort {
  const view = () => ({ ...preferences.get(), startAtLogin: startAtLogin ? startAtLogin.get() : null });
  return {
    get: view,
    save(change) {
      const { sound, remindAfterMinutes } = change;
      if (sound !== undefined || remindAfterMinutes !== undefined)
        preferences.set({
          ...(sound === undefined ? {} : { sound }),
          ...(remindAfterMinutes === undefined ? {} : { remindAfterMinutes }),
        });
      try {
        if (startAtLogin && change.startAtLogin !== undefined) startAtLogin.set(change.startAtLogin);
      } catch (error) {
        throw new StartAtLoginError(error instanceof Error ? error.message : 'start at sign-in');
      } finally {
        onSaved();
      }
      return view();
    },
  };
}
