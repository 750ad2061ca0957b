// What the desk tells the receptionist outside the window: reservation changes grouped into one
// notification, the tray's waiting count, reminders. Pure: the timer is a port, so tests drive time.
// The words come from main's catalogs (not renderer/i18n) because main must speak even while the window is
// closed.
import type { Events } from '../../shared/ipc';
import type { UiLanguage, WaitingTally } from '../../shared/domain';
import { createMessages } from '../kernel/messages';

export type ReservationChanges = Events['reservationsChanged'];
export type SoundKind = 'new' | 'changed' | 'cancelled';

export interface ChangeGroup {
  new: number;
  changed: number;
  cancelled: number;
  /** Distinct reservations in the group, in arrival order. */
  keyFields: string[];
}

export type NotificationTarget = { kind: 'reservation'; keyField: string } | { kind: 'inbox' };

export interface DeskNotification {
  title: string;
  body: string;
  sound: SoundKind;
  target: NotificationTarget;
}

/** What the desk says outside its window, in one language: from main's catalogs (main/kernel/i18n). */
export interface DeskTexts {
  appName: string;
  counts: Record<SoundKind, (n: number) => string>;
  single: Record<SoundKind, string>;
  group: string;
  severalNew: string;
  openOne: string;
  openInbox: string;
  waiting: (n: number) => string;
  takeIn: (n: number) => string;
  reminderTitle: string;
  reminderBody: (n: number, minutes: number) => string;
  releaseTitle: string;
  /** Unused allotment rooms going back to the hotel today. */
  releaseBody: (rooms: number) => string;
  menu: { open: string; syncNow: string; sound: string; startAtLogin: string; quit: string };
}

function wordsIn(language: UiLanguage): DeskTexts {
  const { t } = createMessages(language);
  return {
    appName: t('notify.appName'),
    counts: {
      new: (count) => t('notify.count.new', { count }),
      changed: (count) => t('notify.count.changed', { count }),
      cancelled: (count) => t('notify.count.cancelled', { count }),
    },
    single: {
      new: t('notify.single.new'),
      changed: t('notify.single.changed'),
      cancelled: t('notify.single.cancelled'),
    },
    group: t('notify.group'),
    severalNew: t('notify.severalNew'),
    openOne: t('notify.openOne'),
    openInbox: t('notify.openInbox'),
    waiting: (count) => t('notify.waiting', { count }),
    takeIn: (count) => t('notify.takeIn', { count }),
    reminderTitle: t('notify.reminderTitle'),
    reminderBody: (count, minutes) => t('notify.reminderBody', { count, minutes }),
    releaseTitle: t('notify.releaseTitle'),
    releaseBody: (count) => t('notify.releaseBody', { count }),
    menu: {
      open: t('notify.menu.open'),
      syncNow: t('notify.menu.syncNow'),
      sound: t('notify.menu.sound'),
      startAtLogin: t('notify.menu.startAtLogin'),
      quit: t('notify.menu.quit'),
    },
  };
}

// One set of words per language, made on first use: the tray and the notifier ask on every change.
const made = new Map<UiLanguage, DeskTexts>();
export function textsFor(language: UiLanguage): DeskTexts {
  let words = made.get(language);
  if (!words) {
    words = wordsIn(language);
    made.set(language, words);
  }
  return words;
}

const KINDS: readonly SoundKind[] = ['new', 'changed', 'cancelled'];

/** One notification for a group; a cancellation outranks a new booking, which outranks a change. */
export function describeGroup(group: ChangeGroup, language: UiLanguage): DeskNotification {
  const t = textsFor(language);
  const present = KINDS.filter((k) => group[k] > 0);
  const sound: SoundKind = group.cancelled > 0 ? 'cancelled' : group.new > 0 ? 'new' : 'changed';
  const only = group.keyFields.length === 1 ? group.keyFields[0] : undefined;
  if (only !== undefined) {
    return {
      title: t.single[sound],
      body: t.openOne,
      sound,
      target: { kind: 'reservation', keyField: only },
    };
  }
  const body = `${present.map((k) => t.counts[k](group[k])).join(', ')}. ${t.openInbox}`;
  const title = present.length === 1 && present[0] === 'new' ? t.severalNew : t.group;
  return { title, body, sound, target: { kind: 'inbox' } };
}

/** Timer port: `set` returns a handle `clear` accepts. */
export interface Timer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface GrouperOptions {
  /** Flush after this long without a new change; 0: at once (each event is a whole sync cycle's). */
  quietMs: number;
  /** ...but never hold a change longer than this. */
  maxWaitMs: number;
  timer: Timer;
  onGroup: (group: ChangeGroup) => void;
}

/**
 * Collects `reservationsChanged` events into one "3 new, 1 cancelled", not four pop-ups. The desk's sync
 * emits one per cycle, at its end, so the app shows it at once (quietMs 0); a source that delivers in
 * bursts can still ask for a quiet period.
 */
export function createChangeGrouper(options: GrouperOptions) {
  let pending: ChangeGroup | null = null;
  let quiet: unknown = null;
  let deadline: unknown = null;

  const flush = (): void => {
    if (quiet !== null) options.timer.clear(quiet);
    if (deadline !== null) options.timer.clear(deadline);
    quiet = deadline = null;
    const group = pending;
    pending = null;
    if (group && group.new + group.changed + group.cancelled > 0) options.onGroup(group);
  };

  return {
    add(changes: ReservationChanges): void {
      const group = pending ?? { new: 0, changed: 0, cancelled: 0, keyFields: [] };
      group.new += Math.max(0, changes.new);
      group.changed += Math.max(0, changes.changed);
      group.cancelled += Math.max(0, changes.cancelled);
      for (const keyField of changes.keyFields)
        if (!group.keyFields.includes(keyField)) group.keyFields.push(keyField);
      pending = group;
      if (options.quietMs <= 0) {
        flush();
        return;
      }
      if (quiet !== null) options.timer.clear(quiet);
      quiet = options.timer.set(flush, options.quietMs);
      if (deadline === null) deadline = options.timer.set(flush, options.maxWaitMs);
    },
    flush,
    dispose(): void {
      if (quiet !== null) options.timer.clear(quiet);
      if (deadline !== null) options.timer.clear(deadline);
      quiet = deadline = pending = null;
    },
  };
}

/**
 * Tray tooltip: the app's name and how many reservations wait for an answer, and how many of those are
 * cancellations to take in (they wait at the service until the hotel answers them too).
 */
export function trayTooltip(waiting: WaitingTally, language: UiLanguage): string {
  const t = textsFor(language);
  const total = Math.max(0, waiting.total);
  const cancellations = Math.min(total, Math.max(0, waiting.cancellations));
  return `${t.appName} — ${t.waiting(total)}${cancellations > 0 ? ` (${t.takeIn(cancellations)})` : ''}`;
}

export interface NotificationPreferences {
  sound: boolean;
  /** Remind when a reservation has waited this many minutes; 0 turns reminders off. */
  remindAfterMinutes: number;
}

export const DEFAULT_PREFERENCES: NotificationPreferences = { sound: true, remindAfterMinutes: 15 };

/** The saved preferences file, with anything missing or out of range replaced by the default. */
export function parsePreferences(value: unknown): NotificationPreferences {
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_PREFERENCES };
  const sound: unknown = Reflect.get(value, 'sound');
  const minutes: unknown = Reflect.get(value, 'remindAfterMinutes');
  return {
    sound: typeof sound === 'boolean' ? sound : DEFAULT_PREFERENCES.sound,
    remindAfterMinutes:
      typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0 && minutes <= 24 * 60
        ? minutes
        : DEFAULT_PREFERENCES.remindAfterMinutes,
  };
}
