// A whole desk core in a process of its own, for the tests that kill it (takeover, kill-anytime): it works in the
// hotel's database, sets up the service (unless RESDESK_TEST_SET_UP=0), and says on stdout, one JSON line each, when it is ready and when it starts or
// stops talking to the service. The URLs come in the environment (never arguments: they would show in `ps`).
import { startDesk } from './two-desks';
import type { PracticeService } from '../../../main/sandbox';

const url = process.env.RESDESK_TEST_DB_URL ?? '';
const serviceUrl = process.env.RESDESK_TEST_SERVICE_URL ?? '';
const pc = process.env.RESDESK_TEST_PC ?? 'TEST-PC';
const say = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify({ ...line, pc, at: Date.now() })}\n`);
};

// Only the URL of the practice service is needed here: it is run by the test process.
const service: Pick<PracticeService, 'url'> = { url: serviceUrl };
const number = (name: string): number | undefined =>
  process.env[name] ? Number(process.env[name]) : undefined;
const desk = await startDesk(url, service, {
  pc,
  password: true,
  setUp: process.env.RESDESK_TEST_SET_UP !== '0',
  leaseTtlMs: number('RESDESK_TEST_LEASE_TTL_MS'),
  answerDeadlineMs: number('RESDESK_TEST_ANSWER_DEADLINE_MS'),
});
say({ e: 'ready' });
let talking = false;
setInterval(() => {
  void desk.core.handlers.getStatus({}).then((s) => {
    const now = s.hotel?.thisDeskTalks === true;
    if (now !== talking) say({ e: now ? 'talks' : 'stopped' });
    talking = now;
  });
}, 50);
