import { beforeAll, describe, expect, it } from 'vitest';
import { eventChannel, requestChannel, requestNames, type ResdeskApi } from '../../../shared/ipc';
import { fake } from '../../harness/fake-electron';

let api: ResdeskApi;
beforeAll(async () => {
  fake.reset();
  await import('../../../preload/index');
  api = fake.exposed.get('resdesk') as ResdeskApi;
});

describe('window.resdesk', () => {
  it('is the only thing exposed, with one function per request plus on', () => {
    expect([...fake.exposed.keys()]).toEqual(['resdesk']);
    expect(Object.keys(api).sort()).toEqual([...requestNames, 'on'].sort());
    for (const key of Object.keys(api))
      expect(typeof (api as unknown as Record<string, unknown>)[key]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.values(api)).not.toContain(fake.ipcRenderer);
    expect(Object.keys(api)).not.toContain('send');
    expect(Object.keys(api)).not.toContain('invoke');
  });

  it('each request invokes exactly its own channel with the request', async () => {
    fake.ipcRenderer.invoked.length = 0;
    for (const name of requestNames) {
      await (api[name] as (request: unknown) => Promise<unknown>)({ probe: name });
    }
    expect(fake.ipcRenderer.invoked).toEqual(
      requestNames.map((name) => ({ channel: requestChannel(name), args: [{ probe: name }] })),
    );
    expect(fake.ipcRenderer.sentRaw).toEqual([]);
  });

  it('on() gives the listener the payload only, never the IPC event, and unsubscribes', () => {
    const received: unknown[] = [];
    const stop = api.on('openReservation', (payload) => received.push(payload));
    const ipcEvent = { sender: fake.ipcRenderer, senderId: 0 };
    fake.ipcRenderer.emit(eventChannel('openReservation'), ipcEvent, { keyField: 'K-7' });
    fake.ipcRenderer.emit(eventChannel('syncStatus'), ipcEvent, { online: true });
    expect(received).toEqual([{ keyField: 'K-7' }]);
    stop();
    fake.ipcRenderer.emit(eventChannel('openReservation'), ipcEvent, { keyField: 'K-8' });
    expect(received).toHaveLength(1);
    expect(fake.ipcRenderer.listenerCount(eventChannel('openReservation'))).toBe(0);
  });

  it('on() refuses events outside the contract and non-function listeners', () => {
    const on = api.on as (event: unknown, listener: unknown) => () => void;
    for (const event of [
      'resdesk:getSetup',
      'ipc-message',
      '__proto__',
      { toString: () => 'syncStatus' },
      'constructor',
    ]) {
      expect(() => on(event, () => undefined)).toThrow(/Unknown Resdesk event/);
    }
    expect(() => on('syncStatus', 'alert(1)')).toThrow(/Unknown Resdesk event/);
    expect(fake.ipcRenderer.eventNames()).toEqual([]);
  });
});
