// The hotel database's own tables for several desks (issue 27): the lease. The store's tables come with the
// store's PostgreSQL migrations; until then this is created on demand, idempotently, by any desk.
import type pg from 'pg';

/** One row per lease name ('service': who talks to the exchange service). Times are the database's clock. */
const leaseTable = `
CREATE TABLE IF NOT EXISTS desk_lease (
  name        text PRIMARY KEY,
  holder_id   text NOT NULL,
  holder_pc   text NOT NULL,
  generation  bigint NOT NULL CHECK (generation > 0),
  acquired_at timestamptz NOT NULL,
  renewed_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
)`;

/** Any number of desks may call this at once: a transaction-scoped advisory lock lets one create, the rest wait. */
export async function ensureHotelDbSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('resdesk.schema'))");
    await client.query(leaseTable);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
