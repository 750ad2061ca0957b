// The answering handlers over a recorded presence port: nobody on a desk's own file; the first
// report of an open form opens, later ones renew (and open again once the row was lost); closing closes; a
// database failure is logged and shows nobody, never an error on the receptionist's screen.
import { describe, expect, it } from 'vitest';
import {
  answeringHandlers,
  type AnswerPresencePort,
  type AnsweringDesk,
} from '../../../main/handlers/answering';
import type { Logger } from '../../../main/kernel/core-types';
import { memoryStore } from '../../../main/secrets/memory-store';

const ayse: AnsweringDesk = {
  deskUser: 'Ayşe',
  pcName: 'RECEPTION-2',
  since: new Date('2026-06-01T07:42:00Z'),
};

function presenceRecording(
  options: { holder?: AnsweringDesk | null; renews?: boolean; fails?: boolean } = {},
) {
  const calls: string[] = [];
  const step = async <T>(call: string, value: T): Promise<T> => {
    calls.push(call);
    if (options.fails) throw new Error('connection terminated');
    return value;
  };
  const port: AnswerPresencePort = {
    open: (keyField, deskUser) => step(`open ${keyField} ${deskUser}`, options.holder ?? null),
    refresh: (keyField) => step(`refresh ${keyField}`, options.renews ?? true),
    close: (keyField) => step(`close ${keyField}`, undefined),
    who: (keyField) => step(`who ${keyField}`, options.holder ?? null),
  };
  return { port, calls };
}

function handlersWith(port: AnswerPresencePort | null) {
  const warnings: string[] = [];
  const logger: Logger = { info: () => {}, warn: (m) => warnings.push(m), error: () => {} };
  const ctx = {
    deskUser: () => 'Mehmet',
    ports: { dataDir: '/nowhere', credentials: memoryStore(), logger },
  };
  return { handlers: answeringHandlers(ctx, () => port), warnings };
}

describe('answering handlers', () => {
  it('a desk on its own file: nobody else, and nothing to do', async () => {
    const { handlers } = handlersWith(null);
    expect(await handlers.answering({ keyField: 'K1', open: true })).toEqual({ elsewhere: null });
    expect(await handlers.getAnswering({ keyField: 'K1' })).toEqual({ elsewhere: null });
  });

  it('opens first, renews after, opens again when the row was lost, closes on leaving', async () => {
    const renewing = presenceRecording();
    const { handlers } = handlersWith(renewing.port);
    await handlers.answering({ keyField: 'K1', open: true });
    await handlers.answering({ keyField: 'K1', open: true });
    await handlers.answering({ keyField: 'K1', open: false });
    await handlers.answering({ keyField: 'K1', open: true });
    expect(renewing.calls).toEqual(['open K1 Mehmet', 'refresh K1', 'close K1', 'open K1 Mehmet']);

    const lost = presenceRecording({ renews: false });
    const second = handlersWith(lost.port).handlers;
    await second.answering({ keyField: 'K2', open: true });
    await second.answering({ keyField: 'K2', open: true });
    expect(lost.calls).toEqual(['open K2 Mehmet', 'refresh K2', 'open K2 Mehmet']);
  });

  it('remembers the last twenty forms as open, not every one a window ever reported', async () => {
    const recording = presenceRecording();
    const { handlers } = handlersWith(recording.port);
    for (let i = 0; i < 1000; i++) await handlers.answering({ keyField: `K${i}`, open: true });
    recording.calls.length = 0;
    await handlers.answering({ keyField: 'K999', open: true });
    await handlers.answering({ keyField: 'K980', open: true });
    await handlers.answering({ keyField: 'K0', open: true });
    // The newest are renewed; one long forgotten is opened again, as after a reload.
    expect(recording.calls).toEqual(['refresh K999', 'refresh K980', 'open K0 Mehmet']);
  });

  it('says who else is answering, with the time as an ISO instant', async () => {
    const { port } = presenceRecording({ holder: ayse });
    const { handlers } = handlersWith(port);
    const said = {
      elsewhere: { deskUser: 'Ayşe', pcName: 'RECEPTION-2', since: '2026-06-01T07:42:00.000Z' },
    };
    expect(await handlers.answering({ keyField: 'K1', open: true })).toEqual(said);
    expect(await handlers.getAnswering({ keyField: 'K1' })).toEqual(said);
  });

  it('a database failure shows nobody and is logged, not thrown', async () => {
    const { port } = presenceRecording({ holder: ayse, fails: true });
    const { handlers, warnings } = handlersWith(port);
    expect(await handlers.answering({ keyField: 'K1', open: true })).toEqual({ elsewhere: null });
    expect(await handlers.getAnswering({ keyField: 'K1' })).toEqual({ elsewhere: null });
    expect(await handlers.answering({ keyField: 'K1', open: false })).toEqual({ elsewhere: null });
    expect(warnings).toEqual([
      'who is answering: open failed',
      'who is answering: read failed',
      'who is answering: close failed',
    ]);
  });
});
