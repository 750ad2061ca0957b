// One desk, one exchange client, one session. Many polls log in once, the worker thread reads
// only the large lists (first sync, reconcile) and starts with the desk's token, and each poll leaves one
// log line without any address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Desk } from '../../../main/operations/desk';
import { createMessages } from '../../../main/kernel/messages';
import type { Logger } from '../../../main/kernel/core-types';
import { Store } from '../../../main/store';
import { control, reservationCount, sandboxState, tempDir } from './helpers';

const script = { path: path.resolve(__dirname, '../../harness/ts-worker.mjs') };
const LOGIN = '/api/system/login';

describe('one session across polls', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let desk: Desk;
  const lines: string[] = [];

  const logins = async () =>
    (await sandboxState(service.url)).requests.filter((r) => r.path.toLowerCase() === LOGIN).length;

  beforeAll(async () => {
    service = await startPracticeService({ port: 0, reservations: 60, seed: 4, fileReadyAfterMs: 20 });
    temp = tempDir('resdesk-session-');
    const logger: Logger = {
      info: (message) => lines.push(message),
      warn: (message) => lines.push(`warn: ${message}`),
      error: (message) => lines.push(`error: ${message}`),
    };
    desk = new Desk({
      store: Store.open(path.join(temp.dir, 'desk.db')),
      dataDir: temp.dir,
      connection: {
        serviceUrl: service.url,
        user: 'demo',
        partnerId: 1001,
        format: 'xml',
        getPassword: async () => 'demo',
      },
      messages: createMessages('en'),
      importWorker: script,
      logger,
    });
  });
  afterAll(async () => {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  });

  it('logs in once for a first sync in a worker and many polls after it', async () => {
    const first = await desk.sync();
    expect(first.error).toBeNull();
    expect(reservationCount(desk.store)).toBe(60);
    expect(lines.at(-1)).toMatch(/^poll ok .*list read in a worker/);

    for (let poll = 0; poll < 12; poll++) {
      // Now and then something arrives: still no login, and no worker for an ordinary poll.
      if (poll % 4 === 0) await control(service.url, 'arrive', { count: 1 });
      const report = await desk.sync();
      expect(report.error).toBeNull();
    }
    expect(reservationCount(desk.store)).toBe(63);
    expect(await logins()).toBe(1);

    // A full reconcile reads in a worker again, with the desk's token: no second login.
    const reconcile = await desk.sync({ fullReadEveryMs: 0 });
    expect(reconcile.error).toBeNull();
    expect(await logins()).toBe(1);

    const polls = lines.filter((line) => line.startsWith('poll '));
    expect(polls).toHaveLength(14);
    expect(polls.filter((line) => line.includes('in a worker'))).toHaveLength(2);
    expect(polls.filter((line) => / login/.test(line))).toHaveLength(1);
    // One line per poll and nothing else at info level; never an address or a query.
    expect(lines.filter((line) => !line.startsWith('poll '))).toEqual([]);
    for (const line of lines) expect(line).not.toMatch(/\?|https?:|pass|demo/);
  });

  it('logs in again only when the service refuses the token', async () => {
    const before = await logins();
    // The token ends at the next request: that poll logs in once, and the polls after it none.
    await control(service.url, 'faults', { kind: 'expireToken', count: 1 });
    for (let poll = 0; poll < 4; poll++) expect((await desk.sync()).error).toBeNull();
    expect(await logins()).toBe(before + 1);
  });
});
