// What the desk tells the receptionist outside the window: reservation changes grouped into one
// notification, the tray's waiting count, reminders. Pure: the timer is a port, so tests drive time.
// The texts live here (not in renderer/i18n) because main must speak even while the window is closed.
import type { Events } from '../../shared/ipc';
import type { UiLanguage, WaitingTally } from '../../shared/domain';

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

export const deskTexts = {
  en: {
    appName: 'Resdesk',
    counts: {
      new: (n: number) => `${n} new`,
      changed: (n: number) => `${n} changed`,
      cancelled: (n: number) => `${n} cancelled`,
    },
    single: { new: 'New reservation', changed: 'Reservation changed', cancelled: 'Reservation cancelled' },
    group: 'Reservations updated',
    severalNew: 'New reservations',
    openOne: 'Click to open it.',
    openInbox: 'Click to open the inbox.',
    waiting: (n: number) =>
      n === 0 ? 'Nothing waiting' : n === 1 ? '1 reservation waiting' : `${n} reservations waiting`,
    takeIn: (n: number) =>
      n === 1 ? '1 of them a cancellation to take in' : `${n} of them cancellations to take in`,
    reminderTitle: 'Reservations are waiting',
    reminderBody: (n: number, minutes: number) =>
      `${n} ${n === 1 ? 'reservation has' : 'reservations have'} waited more than ${minutes} minutes for an answer.`,
    menu: {
      open: 'Open Resdesk',
      syncNow: 'Check for reservations now',
      sound: 'Play sounds',
      startAtLogin: 'Start when I sign in',
      quit: 'Quit Resdesk',
    },
  },
  tr: {
    appName: 'Resdesk',
    counts: {
      new: (n: number) => `${n} yeni`,
      changed: (n: number) => `${n} değişiklik`,
      cancelled: (n: number) => `${n} iptal`,
    },
    single: {
      new: 'Yeni rezervasyon',
      changed: 'Rezervasyon değişti',
      cancelled: 'Rezervasyon iptal edildi',
    },
    group: 'Rezervasyonlar güncellendi',
    severalNew: 'Yeni rezervasyonlar',
    openOne: 'Açmak için tıklayın.',
    openInbox: 'Gelen kutusunu açmak için tıklayın.',
    waiting: (n: number) => (n === 0 ? 'Bekleyen yok' : `${n} rezervasyon bekliyor`),
    takeIn: (n: number) => `${n} tanesi kabul edilecek iptal`,
    reminderTitle: 'Bekleyen rezervasyonlar var',
    reminderBody: (n: number, minutes: number) =>
      `${n} rezervasyon ${minutes} dakikadan uzun süredir yanıt bekliyor.`,
    menu: {
      open: "Resdesk'i aç",
      syncNow: 'Rezervasyonları şimdi kontrol et',
      sound: 'Sesleri çal',
      startAtLogin: 'Oturum açınca başlat',
      quit: "Resdesk'ten çık",
    },
  },
} as const;

export const textsFor = (language: UiLanguage) => deskTexts[language] ?? deskTexts.en;

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
