// A desk reduced to its lease, run as a child process by lease.test.ts: it keeps the service lease and says on
// stdout, one JSON line each, when it is ready, holds the lease and loses it. SIGTERM: a clean close (release).
// The connection URL comes in RESDESK_TEST_DB_URL (an environment variable, not an argument: never in `ps`).
import { ChangeFeed, Lease, LeaseKeeper, migrateHotelDb, openHotelPool } from '../../../main/hotel-db';

const url = process.env.RESDESK_TEST_DB_URL ?? '';
const deskId = process.env.RESDESK_TEST_DESK_ID ?? `desk-${process.pid}`;
const pcName = process.env.RESDESK_TEST_PC ?? 'TEST-PC';
const name = process.env.RESDESK_TEST_LEASE ?? 'service';
const say = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify({ ...line, deskId, at: Date.now() })}\n`);
};

const pool = openHotelPool({ url, applicationName: `resdesk ${pcName}` });
await migrateHotelDb(pool);
const changes = new ChangeFeed({ url, applicationName: `resdesk ${pcName} changes` });
await changes.start();
const keeper = new LeaseKeeper(new Lease(pool, { deskId, pcName, name }), {
  changes,
  onChange: (token) => say(token ? { e: 'held', generation: token.generation } : { e: 'lost' }),
  onError: (error) => say({ e: 'error', message: error.message }),
});
keeper.start();
say({ e: 'ready' });
const alive = setInterval(() => {}, 1_000);
process.once('SIGTERM', () => {
  void (async () => {
    await keeper.stop();
    await changes.stop();
    await pool.end();
    clearInterval(alive);
    say({ e: 'closed' });
  })();
});
