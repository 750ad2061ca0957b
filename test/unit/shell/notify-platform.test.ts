// Notifications per platform against the fake Electron: Windows toasts carry where they lead and are
// handled through Notification.handleActivation (so a toast clicked later from the Action Center still
// opens the reservation, and a live one is not handled twice); a notification the OS refuses (macOS
// without signing) is logged.
import { beforeEach, describe, expect, it } from 'vitest';
import { GROUP_QUIET_MS, startDeskNotifications } from '../../../main/shell/notify';
import { launchArgument, targetOfLaunch, toastXml } from '../../../main/notifications/activation';
import { FakeNotification, fake } from '../../harness/fake-electron';
import { fakeCore } from './fake-core';
import { manualTimer } from './manual-timer';

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(platform: NodeJS.Platform) {
  const clock = manualTimer();
  const core = fakeCore();
  const events: string[] = [];
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  const notifier = startDeskNotifications({
    core: core.core,
    language: async () => 'en',
    preferences: () => ({ sound: false, remindAfterMinutes: 0 }),
    openDesk: () => void events.push('desk'),
    openReservation: (keyField) => void events.push(`reservation ${keyField}`),
    openInbox: () => void events.push('inbox'),
    playSound: () => undefined,
    icon: 'C:\\Program Files\\Resdesk\\resources\\resources\\icon.ico',
    timer: clock.timer,
    platform,
    logger: {
      info: () => undefined,
      warn: (message, fields) => void warnings.push({ message, ...(fields ? { fields } : {}) }),
      error: () => undefined,
    },
  });
  const notify = async (keyFields: string[]) => {
    core.emit('reservationsChanged', { new: keyFields.length, changed: 0, cancelled: 0, keyFields });
    clock.advance(GROUP_QUIET_MS);
    await flush();
  };
  return { events, warnings, notifier, notify };
}

beforeEach(() => fake.reset());

describe('Windows notifications', () => {
  it('are toasts whose launch argument leads back to the reservation, silent, with the icon', async () => {
    const t = setup('win32');
    await t.notify(['K&<1>']);
    const xml = FakeNotification.instances[0]?.options.toastXml ?? '';
    expect(FakeNotification.instances[0]?.options.title).toBeUndefined();
    expect(xml).toContain(`launch="${launchArgument({ kind: 'reservation', keyField: 'K&<1>' })}"`);
    expect(xml).toContain('<text>New reservation</text>');
    expect(xml).toContain('<audio silent="true"/>');
    expect(xml).toContain('src="file:///');
  });

  it('a click, now or later from the Action Center, opens the desk at the reservation once', async () => {
    const t = setup('win32');
    await t.notify(['K-42']);
    // A live toast gets no 'click' listener: Windows reports the click through handleActivation only.
    expect(FakeNotification.instances[0]?.listenerCount('click')).toBe(0);
    FakeNotification.activate(launchArgument({ kind: 'reservation', keyField: 'K-42' }));
    expect(t.events).toEqual(['desk', 'reservation K-42']);
    // After a restart nothing is in memory, yet the group toast still opens the inbox.
    FakeNotification.activate('resdesk:inbox');
    FakeNotification.activate('');
    expect(t.events).toEqual(['desk', 'reservation K-42', 'desk', 'inbox', 'desk', 'inbox']);
  });

  it('a disposed notifier no longer answers activations', async () => {
    const t = setup('win32');
    t.notifier.dispose();
    FakeNotification.activate('resdesk:inbox');
    expect(t.events).toEqual([]);
  });

  it('launch arguments survive any key, and toast text is escaped', () => {
    for (const keyField of ['A', 'x:y/z', 'ü ş 1', '%']) {
      expect(targetOfLaunch(launchArgument({ kind: 'reservation', keyField }))).toEqual({
        kind: 'reservation',
        keyField,
      });
    }
    expect(targetOfLaunch('resdesk:reservation:%E0%A4%A')).toEqual({ kind: 'inbox' });
    expect(toastXml({ title: 'a<b', body: '"x" & y', target: { kind: 'inbox' } })).toContain(
      '<text>a&lt;b</text><text>&quot;x&quot; &amp; y</text>',
    );
  });
});

describe('macOS and Linux notifications', () => {
  it('use the click event and register no Windows activation', async () => {
    const t = setup('darwin');
    expect(FakeNotification.activationHandler).toBeNull();
    await t.notify(['K-7']);
    FakeNotification.instances[0]?.emit('click');
    expect(t.events).toEqual(['desk', 'reservation K-7']);
  });

  it('a notification the OS refuses (macOS needs a signed app) is logged', async () => {
    const t = setup('darwin');
    await t.notify(['K-8']);
    FakeNotification.instances[0]?.emit('failed', {}, 'Notifications are not allowed for this application');
    expect(t.warnings).toEqual([
      {
        message: 'a notification could not be shown',
        fields: { error: 'Notifications are not allowed for this application' },
      },
    ]);
  });
});
