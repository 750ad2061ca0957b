// Desktop notifications for the desk: grouped reservation changes and reminders, each silent at the OS
// level and followed by Resdesk's own sound for its kind (new / changed / cancelled), which the
// receptionist can switch off. Clicking brings the window up at the reservation, or at the inbox.
import { BrowserWindow, Notification } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { UiLanguage } from '../../shared/domain';
import type { Core, Logger } from '../kernel/core-types';
import {
  createChangeGrouper,
  describeGroup,
  textsFor,
  type DeskNotification,
  type NotificationPreferences,
  type SoundKind,
  type Timer,
} from '../notifications/groups';
import { NO_REMINDER, overdueCutoff, reminderDue, type ReminderState } from '../notifications/reminders';
import { targetOfLaunch, toastXml } from '../notifications/activation';

/**
 * No quiet period: the core emits one reservationsChanged per sync cycle, when the cycle
 * ends, so there is nothing more to gather; it used to add 2 s to every arrival's way to the screen.
 */
export const GROUP_QUIET_MS = 0;
export const GROUP_MAX_WAIT_MS = 15_000;
export const REMINDER_CHECK_MS = 60_000;
export const REMINDER_REPEAT_MINUTES = 30;

export const realTimer: Timer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface NotifierOptions {
  core: Pick<Core, 'on' | 'waitingSince' | 'releasesDue'>;
  language: () => Promise<UiLanguage>;
  preferences: () => NotificationPreferences;
  /** Shows and focuses the desk window. */
  openDesk: () => void;
  /** Tells the page to show one reservation (the openReservation event). */
  openReservation: (keyField: string) => void;
  /** Tells the page to show the inbox (a grouped notification: the openInbox event). */
  openInbox?: () => void;
  playSound: (kind: SoundKind) => void;
  icon?: string;
  timer?: Timer;
  now?: () => Date;
  logger?: Logger;
  platform?: NodeJS.Platform;
}

export interface DeskNotifier {
  /** Runs one reminder check now (the timer calls it every minute). */
  checkReminders(): Promise<void>;
  dispose(): void;
}

export function startDeskNotifications(options: NotifierOptions): DeskNotifier {
  const timer = options.timer ?? realTimer;
  const now = options.now ?? (() => new Date());
  // Windows: clicks arrive through Notification.handleActivation, for live toasts and for toasts clicked
  // later from the Action Center alike (notification-activation.ts); listening to 'click' as well would
  // handle a live toast's click twice.
  const windows = (options.platform ?? process.platform) === 'win32';
  // Electron drops click handlers of notifications that were garbage-collected: keep them until closed.
  const live = new Set<Notification>();
  let reminder: ReminderState = NO_REMINDER;
  let reminderHandle: unknown = null;
  let disposed = false;

  const open = (target: DeskNotification['target']): void => {
    options.openDesk();
    if (target.kind === 'reservation') options.openReservation(target.keyField);
    else options.openInbox?.();
  };
  if (windows) Notification.handleActivation((details) => open(targetOfLaunch(details.arguments)));

  const show = (note: DeskNotification): void => {
    if (!Notification.isSupported()) return;
    const notification = new Notification(
      windows
        ? { toastXml: toastXml(note, options.icon ? pathToFileURL(options.icon).href : undefined) }
        : {
            title: note.title,
            body: note.body,
            silent: true,
            ...(options.icon ? { icon: options.icon } : {}),
          },
    );
    live.add(notification);
    if (!windows) {
      notification.on('click', () => {
        live.delete(notification);
        open(note.target);
      });
    }
    notification.on('close', () => live.delete(notification));
    // macOS delivers notifications only for a signed app (Electron 42 and later), and Windows may refuse
    // one (focus assist, policy): said in the log, since nothing else would show it.
    notification.on('failed', (_event, error) => {
      live.delete(notification);
      options.logger?.warn('a notification could not be shown', { error });
    });
    notification.show();
    if (options.preferences().sound) options.playSound(note.sound);
  };

  const grouper = createChangeGrouper({
    quietMs: GROUP_QUIET_MS,
    maxWaitMs: GROUP_MAX_WAIT_MS,
    timer,
    onGroup: (group) => {
      void options
        .language()
        .catch((): UiLanguage => 'tr')
        .then((language) => show(describeGroup(group, language)));
    },
  });
  const stopListening = options.core.on('reservationsChanged', (changes) => grouper.add(changes));

  const checkReminders = async (): Promise<void> => {
    const afterMinutes = options.preferences().remindAfterMinutes;
    const at = now();
    const overdue = afterMinutes > 0 ? options.core.waitingSince(overdueCutoff(at, afterMinutes)) : 0;
    const due = reminderDue(reminder, {
      now: at,
      overdue,
      afterMinutes,
      repeatMinutes: REMINDER_REPEAT_MINUTES,
    });
    reminder = due.state;
    // The morning's allotment releases: said once a day by the core, shown when some rooms go back today.
    const released = (await options.core.releasesDue?.()) ?? [];
    if (!due.remind && released.length === 0) return;
    const t = textsFor(await options.language().catch((): UiLanguage => 'tr'));
    if (due.remind)
      show({
        title: t.reminderTitle,
        body: t.reminderBody(overdue, afterMinutes),
        sound: 'new',
        target: { kind: 'inbox' },
      });
    if (released.length > 0)
      show({
        title: t.releaseTitle,
        body: t.releaseBody(released.reduce((rooms, r) => rooms + r.unused, 0)),
        sound: 'new',
        target: { kind: 'inbox' },
      });
  };

  const scheduleReminder = (): void => {
    reminderHandle = timer.set(() => {
      if (disposed) return;
      checkReminders()
        .catch(() => options.logger?.warn('reminder check failed'))
        .finally(() => {
          if (!disposed) scheduleReminder();
        });
    }, REMINDER_CHECK_MS);
  };
  scheduleReminder();

  return {
    checkReminders,
    dispose() {
      disposed = true;
      stopListening();
      // handleActivation keeps one callback until replaced: a disposed notifier must not open the desk.
      if (windows) Notification.handleActivation(() => undefined);
      grouper.dispose();
      if (reminderHandle !== null) timer.clear(reminderHandle);
      for (const notification of live) notification.close();
      live.clear();
    },
  };
}

/**
 * Plays sounds/<kind>.wav in a hidden, sandboxed page with no preload: main cannot play audio itself, and
 * the desk window may be closed to the tray. The player page is created on first use and reused.
 */
export function createSoundPlayer(soundsDir: string, logger?: Logger): (kind: SoundKind) => void {
  let player: BrowserWindow | null = null;
  return (kind) => {
    if (!player || player.isDestroyed()) {
      player = new BrowserWindow({
        show: false,
        width: 1,
        height: 1,
        skipTaskbar: true,
        focusable: false,
        webPreferences: {
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          webviewTag: false,
          webSecurity: true,
          devTools: false,
          disableBlinkFeatures: 'Auxclick',
          autoplayPolicy: 'no-user-gesture-required',
        },
      });
    }
    player
      .loadFile(path.join(soundsDir, 'player.html'), { query: { kind } })
      .catch(() => logger?.warn('could not play a sound'));
  };
}
