import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventChannel, eventNames, requestChannel, requestNames } from '../../../shared/ipc';
import { FOREIGN_SENDER, forwardCoreEvents, registerRequestHandlers } from '../../../main/shell/ipc';
import { FakeSession, FakeWebContents, FakeWebFrame, fake } from '../../harness/fake-electron';
import { fakeCore } from './fake-core';

const indexPath = path.resolve('/opt/resdesk/dist/renderer/index.html');
const page = { kind: 'file', indexPath } as const;
const appUrl = pathToFileURL(indexPath).href;

function setup() {
  fake.reset();
  const { core, calls, emit } = fakeCore();
  const desk = new FakeWebContents(new FakeSession());
  desk.mainFrame.url = `${appUrl}#/inbox`;
  const unregister = registerRequestHandlers({
    handlers: core.handlers,
    messages: core.messages,
    deskContentsId: () => desk.id,
    page,
  });
  const fromDesk = (channel: string, ...args: unknown[]) =>
    fake.ipcMain.invokeFrom({ webContents: desk, frame: desk.mainFrame }, channel, ...args);
  return { core, calls, emit, desk, unregister, fromDesk };
}

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

describe('request channels', () => {
  it('registers exactly the contract channels and removes them again', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(requestNames.map(requestChannel).sort());
    t.unregister();
    expect(fake.ipcMain.handlers.size).toBe(0);
  });

  it('has no handler for anything outside the contract', async () => {
    for (const channel of [
      'resdesk:eval',
      'resdesk:__proto__',
      'resdesk:constructor',
      'getSetup',
      'resdesk-event:openReservation',
    ]) {
      await expect(t.fromDesk(channel, {})).rejects.toThrow(/No handler registered/);
    }
  });

  it('passes a valid request from the desk page to its handler', async () => {
    const result = await t.fromDesk(requestChannel('confirm'), { keyField: 'K-1', note: 'late arrival' });
    expect(result).toEqual({ ok: true, value: { handled: 'confirm' } });
    expect(t.calls).toEqual([{ name: 'confirm', request: { keyField: 'K-1', note: 'late arrival' } }]);
  });

  it('turns a handler failure into a plain error without leaking its text', async () => {
    const result = await t.fromDesk(requestChannel('getReservation'), { keyField: 'K-1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret.db');
  });
});

describe('foreign senders', () => {
  it.each([
    [
      'another web contents',
      () => {
        const other = new FakeWebContents(new FakeSession());
        other.mainFrame.url = appUrl;
        return { webContents: other, frame: other.mainFrame };
      },
    ],
    [
      'an iframe inside the desk page',
      () => {
        const frame = new FakeWebFrame(appUrl);
        frame.parent = t.desk.mainFrame;
        return { webContents: t.desk, frame };
      },
    ],
    [
      'the desk window after navigating elsewhere',
      () => ({ webContents: t.desk, frame: new FakeWebFrame('https://evil.example/') }),
    ],
    [
      'another local file',
      () => ({ webContents: t.desk, frame: new FakeWebFrame(pathToFileURL('/tmp/evil.html').href) }),
    ],
    ['a frame that is gone', () => ({ webContents: t.desk, frame: null })],
  ])('refuses %s', async (_name, sender) => {
    const result = await fake.ipcMain.invokeFrom(sender(), requestChannel('syncNow'), {});
    expect(result).toEqual(FOREIGN_SENDER);
    expect(t.calls).toEqual([]);
  });

  it('refuses everything while there is no desk window', async () => {
    fake.reset();
    const { core, calls } = fakeCore();
    registerRequestHandlers({
      handlers: core.handlers,
      messages: core.messages,
      deskContentsId: () => null,
      page,
    });
    const contents = new FakeWebContents(new FakeSession());
    contents.mainFrame.url = appUrl;
    expect(
      await fake.ipcMain.invokeFrom(
        { webContents: contents, frame: contents.mainFrame },
        requestChannel('getSetup'),
        {},
      ),
    ).toEqual(FOREIGN_SENDER);
    expect(calls).toEqual([]);
  });
});

describe('hostile payloads', () => {
  it.each([
    ['wrong type', 'confirm', { keyField: 42 }],
    ['missing field', 'confirm', {}],
    ['extra key', 'confirm', { keyField: 'K', admin: true }],
    ['huge string', 'confirm', { keyField: 'K', note: 'x'.repeat(1_000_000) }],
    ['huge array', 'confirmMany', { keyFields: Array.from({ length: 5000 }, (_, i) => `K${i}`) }],
    ['not an object', 'listReservations', 'DROP TABLE reservations'],
    ['array instead of object', 'setLanguage', ['en']],
    ['prototype pollution', 'setLanguage', JSON.parse('{"language":"en","__proto__":{"polluted":true}}')],
    ['constructor pollution', 'getSetup', JSON.parse('{"constructor":{"prototype":{"polluted":true}}}')],
    ['enum outside the list', 'setLanguage', { language: 'de' }],
    ['negative offset', 'listActivity', { offset: -1, limit: 10 }],
    ['NaN', 'listActivity', { offset: Number.NaN, limit: 10 }],
    ['a day that does not exist', 'exportCsv', { kind: 'arrivals', date: '2026-99-99' }],
    [
      '30 February in a range',
      'exportCsv',
      { kind: 'guests', scope: 'range', from: '2026-02-30', to: '2026-03-01' },
    ],
    ['a filter from month 13', 'inboxCounts', { filter: { checkInFrom: '2026-13-45' } }],
    ['a month of year 9999', 'getProduction', { from: '9999-12', months: 24 }],
    ['a month of year 0', 'exportProduction', { from: '0000-01', months: 1 }],
    [
      'a thousand currencies',
      'saveRates',
      {
        hotelCurrency: 'TRY',
        rates: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [String(i).padStart(3, '0'), 1])),
      },
    ],
  ])('rejects %s without calling the core', async (_name, name, payload) => {
    const result = await t.fromDesk(requestChannel(name as (typeof requestNames)[number]), payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(t.calls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores extra arguments after the request', async () => {
    expect(await t.fromDesk(requestChannel('getSetup'), {}, { sneaky: true }, 'more')).toMatchObject({
      ok: true,
    });
    expect(t.calls).toEqual([{ name: 'getSetup', request: {} }]);
  });
});

describe('push events', () => {
  it('forwards every contract event to the desk window, and stops', () => {
    const stop = forwardCoreEvents(t.core, () => t.desk as unknown as Electron.WebContents);
    t.emit('reservationsChanged', { new: 1, changed: 0, cancelled: 0, keyFields: ['K'] });
    t.emit('openReservation', { keyField: 'K' });
    expect(t.desk.sent).toEqual([
      {
        channel: eventChannel('reservationsChanged'),
        args: [{ new: 1, changed: 0, cancelled: 0, keyFields: ['K'] }],
      },
      { channel: eventChannel('openReservation'), args: [{ keyField: 'K' }] },
    ]);
    expect(eventNames.every((name) => eventChannel(name).startsWith('resdesk-event:'))).toBe(true);
    stop();
    t.emit('openReservation', { keyField: 'K2' });
    expect(t.desk.sent).toHaveLength(2);
  });

  it('does not send to a destroyed window', () => {
    forwardCoreEvents(t.core, () => t.desk as unknown as Electron.WebContents);
    t.desk.destroyed = true;
    expect(() => t.emit('openReservation', { keyField: 'K' })).not.toThrow();
    expect(t.desk.sent).toEqual([]);
  });
});
