// A decision waiting for the service goes out within an interval or two of the service's
// return, although the poll itself has backed off far longer; counted in poller steps and simulated time
// (recovery.ts), not wall-clock. Without the retries the same run waits out the backoff: the measure can fail.
import { describe, expect, it } from 'vitest';
import { measureDecisionAfterRecovery } from './recovery';

describe('a decision queued while the service was stopped', () => {
  it('goes out at the first retry after the service is back on the same port, once', async () => {
    const r = await measureDecisionAfterRecovery({ intervalMs: 15_000, failedCycles: 4 });
    expect(r.failedCycles).toBe(4);
    // The poll waits 15 · 2³ = 120 s by now; the answer must not.
    expect(r.backoffAtRecoveryMs).toBe(120_000);
    // Back between two steps: the next retry (one interval at most) takes it, not the 120 s poll.
    expect(r.stepsAfterRecovery).toBeLessThanOrEqual(2);
    expect(r.msAfterRecovery).toBeLessThanOrEqual(r.intervalMs);
    expect(r.delivered).toBe(1);
  });

  it('without the retries it waits for the backed-off poll (what the measure catches)', async () => {
    const r = await measureDecisionAfterRecovery({ intervalMs: 15_000, failedCycles: 4, retries: false });
    expect(r.msAfterRecovery).toBeGreaterThan(2 * r.intervalMs);
    expect(r.delivered).toBe(1);
  });
});
