import { beforeEach, describe, expect, it } from 'vitest';
import {
  GROUP_QUIET_MS,
  REMINDER_CHECK_MS,
  createSoundPlayer,
  startDeskNotifications,
} from '../../../main/shell/notify';
import type { NotificationPreferences, SoundKind } from '../../../main/notifications/groups';
import { FakeBrowserWindow, FakeNotification, fake } from '../../harness/fake-electron';
import { fakeCore } from './fake-core';
import { manualTimer } from './manual-timer';

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(preferences: NotificationPreferences = { sound: true, remindAfterMinutes: 15 }) {
  fake.reset();
  const clock = manualTimer();
  const core = fakeCore();
  const opened: string[] = [];
  const sounds: SoundKind[] = [];
  let desk = 0;
  let inbox = 0;
  let minute = 0;
  const notifier = startDeskNotifications({
    core: core.core,
    language: async () => 'en',
    preferences: () => preferences,
    openDesk: () => void desk++,
    openReservation: (keyField) => void opened.push(keyField),
    openInbox: () => void inbox++,
    playSound: (kind) => void sounds.push(kind),
    timer: clock.timer,
    now: () => new Date(Date.UTC(2026, 6, 12, 9, minute)),
  });
  return {
    clock,
    core,
    opened,
    sounds,
    notifier,
    desk: () => desk,
    inbox: () => inbox,
    setMinute: (m: number) => void (minute = m),
  };
}

describe('desk notifications', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it("shows a cycle's changes as one silent notification with its own sound, when the cycle ends", async () => {
    // One event per sync cycle (core.ts): shown at once, no quiet period after it.
    expect(GROUP_QUIET_MS).toBe(0);
    t.core.emit('reservationsChanged', { new: 3, changed: 0, cancelled: 1, keyFields: ['A', 'B', 'C', 'D'] });
    await flush();
    expect(FakeNotification.instances.map((n) => n.options)).toEqual([
      { title: 'Reservations updated', body: '3 new, 1 cancelled. Click to open the inbox.', silent: true },
    ]);
    expect(FakeNotification.instances[0]?.shown).toBe(true);
    expect(t.sounds).toEqual(['cancelled']);
    FakeNotification.instances[0]?.emit('click');
    expect(t.desk()).toBe(1);
    expect(t.opened).toEqual([]);
    expect(t.inbox()).toBe(1);
  });

  it('clicking a single reservation opens the window at it', async () => {
    t.core.emit('reservationsChanged', { new: 0, changed: 1, cancelled: 0, keyFields: ['K-42'] });
    t.clock.advance(GROUP_QUIET_MS);
    await flush();
    expect(FakeNotification.instances[0]?.options.title).toBe('Reservation changed');
    expect(t.sounds).toEqual(['changed']);
    FakeNotification.instances[0]?.emit('click');
    expect(t.desk()).toBe(1);
    expect(t.opened).toEqual(['K-42']);
    expect(t.inbox()).toBe(0);
  });

  it('stays quiet when sound is off, and shows nothing where notifications are unsupported', async () => {
    t = setup({ sound: false, remindAfterMinutes: 15 });
    t.core.emit('reservationsChanged', { new: 1, changed: 0, cancelled: 0, keyFields: ['A'] });
    t.clock.advance(GROUP_QUIET_MS);
    await flush();
    expect(FakeNotification.instances).toHaveLength(1);
    expect(t.sounds).toEqual([]);
    FakeNotification.supported = false;
    t.core.emit('reservationsChanged', { new: 1, changed: 0, cancelled: 0, keyFields: ['B'] });
    t.clock.advance(GROUP_QUIET_MS);
    await flush();
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it('reminds about reservations waiting too long, on the minute timer', async () => {
    t.core.setWaiting(5, 2);
    t.clock.advance(REMINDER_CHECK_MS);
    await flush();
    expect(FakeNotification.instances.map((n) => n.options.body)).toEqual([
      '2 reservations have waited more than 15 minutes for an answer.',
    ]);
    t.setMinute(1);
    t.clock.advance(REMINDER_CHECK_MS);
    await flush();
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it('says once when unused allotment rooms go back to the hotel today', async () => {
    const release = {
      agencyId: 'AG1',
      roomType: 'DZ',
      releaseOn: '2026-07-12',
      allotted: 5,
      when: 'today' as const,
    };
    t.core.setReleases([
      { ...release, night: '2026-07-19', unused: 3 },
      { ...release, night: '2026-07-20', unused: 2 },
    ]);
    t.clock.advance(REMINDER_CHECK_MS);
    await flush();
    expect(FakeNotification.instances.map((n) => [n.options.title, n.options.body])).toEqual([
      ['Release today', '5 unused allotment rooms return to the hotel today. See Allotments.'],
    ]);
    t.clock.advance(REMINDER_CHECK_MS);
    await flush();
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it('stops listening and clears its timers on dispose', () => {
    t.core.emit('reservationsChanged', { new: 1, changed: 0, cancelled: 0, keyFields: ['A'] });
    t.notifier.dispose();
    expect(t.core.listenerCount('reservationsChanged')).toBe(0);
    expect(t.clock.pending).toBe(0);
  });
});

describe('sound player', () => {
  it('plays in one hidden sandboxed page, reused', () => {
    fake.reset();
    const play = createSoundPlayer('/opt/resdesk/resources/sounds');
    play('new');
    play('cancelled');
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const player = FakeBrowserWindow.instances[0];
    expect(player?.options.show).toBe(false);
    expect(player?.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      devTools: false,
    });
    expect(player?.options.webPreferences?.preload).toBeUndefined();
    expect(player?.webContents.loaded).toEqual([
      'file:///opt/resdesk/resources/sounds/player.html?kind=new',
      'file:///opt/resdesk/resources/sounds/player.html?kind=cancelled',
    ]);
  });
});
