// The sign that another program empties the queue: one stray version is not a sign (an arrival between
// the pull and the list read); two reconciles within a day, or three reservations, are; a day later it fades.
import { describe, expect, it } from 'vitest';
import { addEvidence, readEvidence, readerStatus } from '../../../main/sync/another-reader';

const at = (iso: string): Date => new Date(iso);
const none = readEvidence(null);

describe('another program on the queue', () => {
  it('is not signalled by one stray version', () => {
    const e = addEvidence(none, ['K1'], at('2026-07-01T10:00:00Z'));
    expect(readerStatus(e, false, at('2026-07-01T10:01:00Z'))).toBeNull();
  });

  it('is signalled by two reconciles within a day', () => {
    let e = addEvidence(none, ['K1'], at('2026-07-01T10:00:00Z'));
    e = addEvidence(e, ['K2'], at('2026-07-01T10:30:00Z'));
    expect(readerStatus(e, false, at('2026-07-01T10:31:00Z'))).toEqual({
      seenAt: '2026-07-01T10:30:00.000Z',
      reservations: 2,
      safeMode: false,
    });
  });

  it('is signalled by three reservations in one reconcile, counted once each', () => {
    const e = addEvidence(none, ['K1', 'K2', 'K2', 'K3'], at('2026-07-01T10:00:00Z'));
    expect(readerStatus(e, false, at('2026-07-01T10:00:00Z'))?.reservations).toBe(3);
  });

  it('fades after a day, unless safe mode is on', () => {
    let e = addEvidence(none, ['K1', 'K2', 'K3'], at('2026-07-01T10:00:00Z'));
    const later = at('2026-07-02T10:00:01Z');
    expect(readerStatus(e, false, later)).toBeNull();
    expect(readerStatus(e, true, later)).toEqual({
      seenAt: later.toISOString(),
      reservations: 0,
      safeMode: true,
    });
    e = addEvidence(e, [], later);
    expect(e.runs).toEqual([]);
  });

  it('reads damaged saved evidence as none', () => {
    expect(
      readEvidence({ runs: [{ at: 5 }, 'x', { at: '2026-07-01T10:00:00Z', keyFields: ['K1'] }] }).runs,
    ).toEqual([{ at: '2026-07-01T10:00:00Z', keyFields: ['K1'] }]);
    expect(readEvidence('nonsense')).toEqual({ v: 1, runs: [] });
  });
});
