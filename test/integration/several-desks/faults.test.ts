// The hotel's database unreachable, with real desk cores, a real PostgreSQL behind a TCP gate and the
// practice service: the desks say so in their status; an answer typed meanwhile is refused with the plain sentence
// before anything is taken (nothing half-saved); when the database is back the desks reconnect by themselves, the
// one that talks to the service takes the lease again and the answer typed then is sent once.
// `npx vitest run test/integration/several-desks/faults.test.ts`
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessages } from '../../../main/kernel/messages';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import type { PracticeService } from '../../../main/sandbox';
import { startPostgres, type TestPostgres } from '../../harness/postgres';
import { startTcpGate, type TcpGate } from '../../harness/tcp-gate';
import {
  freshDatabase,
  inboxKeys,
  serviceState,
  startDesk,
  startService,
  until,
  waitingNew,
  type TestDesk,
} from './two-desks';

let server: TestPostgres;
let gate: TcpGate;
let service: PracticeService;
const desks: TestDesk[] = [];

beforeAll(async () => {
  server = await startPostgres();
  gate = await startTcpGate(server.port);
  service = await startService();
});

afterAll(async () => {
  gate?.open();
  await Promise.all(desks.map((d) => d.stop()));
  await gate?.stop();
  await service?.close();
  await server?.stop();
});

describe('the hotel database does not answer', () => {
  it('is said, refuses an answer with a sentence, and everything resumes by itself when it is back', async () => {
    const direct = new URL(await freshDatabase(server));
    direct.port = String(gate.port);
    const url = direct.toString();
    const a = await startDesk(url, service, { pc: 'RECEPTION-1', password: true, setUp: true });
    desks.push(a);
    const b = await startDesk(url, service, { pc: 'RECEPTION-2', password: true });
    desks.push(b);
    await until(async () => (await inboxKeys(b.core)).size >= 40, 'B shows the reservations');
    const [first, second] = await waitingNew(b.core, 2);
    if (!first || !second) throw new Error('no waiting reservations');

    gate.close();
    const down = await until(async () => {
      const s = await b.core.handlers.getStatus({});
      return s.hotel?.reachable === false ? s : null;
    }, 'B says the database does not answer');
    expect(down.hotel?.where).toContain(`:${gate.port}/`);
    // Typed while it is gone: refused, in the desk's language, with what to do.
    // Through the same dispatch the app's IPC uses, so the receptionist's sentence is what is checked.
    const refused = await dispatchRequest(
      b.core.handlers,
      'confirm',
      { keyField: first, note: '' },
      { messages: b.core.messages },
    );
    expect(refused).toEqual({
      ok: false,
      error: { code: 'service', message: createMessages('tr').t('error.hotelDbUnreachable') },
    });

    gate.open();
    await until(async () => (await b.core.handlers.getStatus({})).hotel?.reachable, 'B reconnected');
    await until(
      async () => (await a.core.handlers.getStatus({})).hotel?.talkingPc !== null,
      'someone talks again',
    );
    // The refused answer was never taken: nothing of it is stored or sent.
    expect((await b.core.handlers.getReservation({ keyField: first })).decision).toBeNull();
    await b.core.handlers.confirm({ keyField: second, note: '' });
    await until(
      async () => (await serviceState(service)).confirmations.some((c) => c.keyField === second),
      'the answer typed after is sent',
      60_000,
    );
    const state = await serviceState(service);
    expect(state.confirmations.filter((c) => c.keyField === second)).toHaveLength(1);
    expect(state.confirmations.some((c) => c.keyField === first)).toBe(false);
  }, 180_000);
});
