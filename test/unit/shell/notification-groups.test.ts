import { describe, expect, it } from 'vitest';
import {
  createChangeGrouper,
  describeGroup,
  parsePreferences,
  trayTooltip,
  type ChangeGroup,
} from '../../../main/notifications/groups';
import { overdueCutoff, reminderDue, NO_REMINDER } from '../../../main/notifications/reminders';
import { manualTimer } from './manual-timer';

const changes = (n: number, c: number, x: number, keyFields: string[]) => ({
  new: n,
  changed: c,
  cancelled: x,
  keyFields,
});

describe('grouping reservation changes', () => {
  it('turns a burst of changes into one group after a quiet moment', () => {
    const clock = manualTimer();
    const groups: ChangeGroup[] = [];
    const grouper = createChangeGrouper({
      quietMs: 2000,
      maxWaitMs: 15000,
      timer: clock.timer,
      onGroup: (g) => groups.push(g),
    });
    grouper.add(changes(2, 0, 0, ['A', 'B']));
    clock.advance(1000);
    grouper.add(changes(1, 0, 1, ['C', 'A']));
    clock.advance(1999);
    expect(groups).toHaveLength(0);
    clock.advance(1);
    expect(groups).toEqual([{ new: 3, changed: 0, cancelled: 1, keyFields: ['A', 'B', 'C'] }]);
    expect(clock.pending).toBe(0);
  });

  it('never holds a steady trickle longer than the maximum wait', () => {
    const clock = manualTimer();
    const groups: ChangeGroup[] = [];
    const grouper = createChangeGrouper({
      quietMs: 2000,
      maxWaitMs: 5000,
      timer: clock.timer,
      onGroup: (g) => groups.push(g),
    });
    for (let i = 0; i < 6; i++) {
      grouper.add(changes(1, 0, 0, [`K${i}`]));
      clock.advance(1000);
    }
    expect(groups).toHaveLength(1);
    expect(groups[0]?.new).toBe(5);
  });

  it('drops empty changes and stops on dispose', () => {
    const clock = manualTimer();
    const groups: ChangeGroup[] = [];
    const grouper = createChangeGrouper({
      quietMs: 10,
      maxWaitMs: 100,
      timer: clock.timer,
      onGroup: (g) => groups.push(g),
    });
    grouper.add(changes(0, 0, 0, []));
    clock.advance(50);
    grouper.add(changes(1, 0, 0, ['A']));
    grouper.dispose();
    clock.advance(200);
    expect(groups).toEqual([]);
  });
});

describe('notification text', () => {
  it('a single reservation opens that reservation', () => {
    expect(describeGroup({ new: 1, changed: 0, cancelled: 0, keyFields: ['K1'] }, 'en')).toEqual({
      title: 'New reservation',
      body: 'Click to open it.',
      sound: 'new',
      target: { kind: 'reservation', keyField: 'K1' },
    });
    expect(describeGroup({ new: 0, changed: 0, cancelled: 1, keyFields: ['K1'] }, 'tr')).toMatchObject({
      title: 'Rezervasyon iptal edildi',
      sound: 'cancelled',
    });
  });

  it('a group says what happened in counts and opens the inbox', () => {
    const group = { new: 3, changed: 0, cancelled: 1, keyFields: ['a', 'b', 'c', 'd'] };
    expect(describeGroup(group, 'en')).toEqual({
      title: 'Reservations updated',
      body: '3 new, 1 cancelled. Click to open the inbox.',
      sound: 'cancelled',
      target: { kind: 'inbox' },
    });
    expect(describeGroup(group, 'tr').body).toBe(
      '3 yeni, 1 iptal. Rezervasyon listesini açmak için tıklayın.',
    );
    expect(describeGroup({ new: 2, changed: 0, cancelled: 0, keyFields: ['a', 'b'] }, 'en').title).toBe(
      'New reservations',
    );
    expect(describeGroup({ new: 0, changed: 2, cancelled: 0, keyFields: ['a', 'b'] }, 'tr')).toMatchObject({
      title: 'Rezervasyonlar güncellendi',
      sound: 'changed',
    });
  });

  it('the tray tooltip counts waiting reservations', () => {
    const tally = (total: number, cancellations = 0) => ({ total, cancellations });
    expect(trayTooltip(tally(0), 'en')).toBe('Resdesk — Nothing waiting');
    expect(trayTooltip(tally(1), 'en')).toBe('Resdesk — 1 reservation waiting');
    expect(trayTooltip(tally(12), 'tr')).toBe('Resdesk — 12 rezervasyon bekliyor');
    expect(trayTooltip(tally(-3), 'tr')).toBe('Resdesk — Bekleyen yok');
    // Cancellations wait at the service until they are taken in: the tray says how many.
    expect(trayTooltip(tally(5, 2), 'en')).toBe(
      'Resdesk — 5 reservations waiting (2 of them cancellations to take in)',
    );
    expect(trayTooltip(tally(1, 1), 'en')).toBe(
      'Resdesk — 1 reservation waiting (1 of them a cancellation to take in)',
    );
    expect(trayTooltip(tally(5, 2), 'tr')).toBe(
      'Resdesk — 5 rezervasyon bekliyor (2 tanesi kabul edilecek iptal)',
    );
  });

  it('preferences fall back to defaults for anything odd', () => {
    expect(parsePreferences({ sound: false, remindAfterMinutes: 30 })).toEqual({
      sound: false,
      remindAfterMinutes: 30,
    });
    expect(parsePreferences({ sound: 'no', remindAfterMinutes: -1 })).toEqual({
      sound: true,
      remindAfterMinutes: 15,
    });
    expect(parsePreferences('x')).toEqual({ sound: true, remindAfterMinutes: 15 });
    expect(parsePreferences(JSON.parse('{"__proto__":{"sound":false}}'))).toEqual({
      sound: true,
      remindAfterMinutes: 15,
    });
  });
});

describe('reminders', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 6, 12, 8, minutes));
  const check = (minute: number, overdue: number) => ({
    now: at(minute),
    overdue,
    afterMinutes: 15,
    repeatMinutes: 30,
  });

  it('computes the overdue cutoff', () => {
    expect(overdueCutoff(at(30), 15).toISOString()).toBe('2026-07-12T08:15:00.000Z');
  });

  it('reminds once, again when the backlog grows (not more than every 5 minutes), and after the repeat time', () => {
    let state = NO_REMINDER;
    const steps: [number, number, boolean][] = [
      [0, 0, false],
      [1, 2, true],
      [2, 2, false],
      [3, 3, false],
      [6, 3, true],
      [20, 3, false],
      [36, 3, true],
      [37, 1, false],
      [43, 2, true],
      [44, 0, false],
      [45, 1, true],
    ];
    for (const [minute, overdue, expected] of steps) {
      const due = reminderDue(state, check(minute, overdue));
      expect({ minute, remind: due.remind }).toEqual({ minute, remind: expected });
      state = due.state;
    }
  });

  it('is off when the delay is 0', () => {
    expect(reminderDue(NO_REMINDER, { ...check(0, 5), afterMinutes: 0 }).remind).toBe(false);
  });
});
