// The bounded reconcile's windows and when each kind of reconcile is due.
import { describe, expect, it } from 'vitest';
import { MAX_WINDOWS, planWindows, waitingSpan, type DayLoad } from '../../../main/sync/reconcile-windows';
import { reconcileDue } from '../../../main/sync/reconcile-schedule';

const day = (n: number): string => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10);
const load = (n: number, undecided: number, settled: number, agencies = ['a']): DayLoad => ({
  day: day(n),
  undecided,
  settled,
  agencies: undecided > 0 ? agencies : [],
});

describe('planWindows', () => {
  it('covers every undecided day and nothing before the first or after the last', () => {
    const days = [
      load(0, 0, 50),
      load(3, 1, 2),
      load(20, 0, 30),
      load(40, 2, 5, ['a', 'b']),
      load(90, 0, 70),
    ];
    const windows = planWindows(days);
    expect(windows).toEqual([
      { checkInStart: day(3), checkInEnd: day(3), agencyId: 'a' },
      { checkInStart: day(40), checkInEnd: day(40) },
    ]);
  });

  it('joins windows when the settled reservations between them cost less than the requests', () => {
    const windows = planWindows([load(1, 1, 0), load(2, 0, 3), load(5, 1, 0)]);
    expect(windows).toEqual([{ checkInStart: day(1), checkInEnd: day(5), agencyId: 'a' }]);
  });

  it('never sends more than MAX_WINDOWS, joining the cheapest gaps', () => {
    const days: DayLoad[] = [];
    for (let i = 0; i < 200; i++) days.push(load(i * 2, 1, 0), load(i * 2 + 1, 0, i % 7 === 0 ? 100 : 40));
    const windows = planWindows(days);
    expect(windows.length).toBeLessThanOrEqual(MAX_WINDOWS);
    for (const d of days.filter((x) => x.undecided > 0))
      expect(windows.some((w) => w.checkInStart <= d.day && d.day <= w.checkInEnd)).toBe(true);
  });

  it('nothing undecided: no window at all', () => {
    expect(planWindows([load(0, 0, 10), load(1, 0, 3)])).toEqual([]);
  });
});

describe('reconcileDue', () => {
  const at = (iso: string) => new Date(iso);
  const started = at('2027-03-01T08:00:00');
  it('reads the full lists at the first cycle ever and after a start', () => {
    expect(reconcileDue(at('2027-03-01T08:00:01'), null, null, { startedAt: started })).toBe('full');
    // The last full read was yesterday afternoon, before this start: full.
    expect(reconcileDue(at('2027-03-01T08:00:01'), '2027-02-28T15:00:00', null, { startedAt: started })).toBe(
      'full',
    );
    // A restart minutes after a full read does not repeat it.
    expect(reconcileDue(at('2027-03-01T08:00:01'), '2027-03-01T07:50:00', null, { startedAt: started })).toBe(
      null,
    );
  });

  it('bounded every 30 minutes in between, full once a night at the quiet hour', () => {
    const s = { startedAt: started };
    expect(reconcileDue(at('2027-03-01T12:00:00'), '2027-03-01T08:00:05', '2027-03-01T11:40:00', s)).toBe(
      null,
    );
    expect(reconcileDue(at('2027-03-01T12:10:00'), '2027-03-01T08:00:05', '2027-03-01T11:40:00', s)).toBe(
      'bounded',
    );
    expect(reconcileDue(at('2027-03-01T23:59:00'), '2027-03-01T08:00:05', '2027-03-01T23:40:00', s)).toBe(
      null,
    );
    expect(reconcileDue(at('2027-03-02T03:05:00'), '2027-03-01T08:00:05', '2027-03-02T02:50:00', s)).toBe(
      'full',
    );
    // Read at 03:05; at 04:00 the same night it is not read again.
    expect(reconcileDue(at('2027-03-02T04:00:00'), '2027-03-02T03:05:00', '2027-03-02T03:30:00', s)).toBe(
      'bounded',
    );
  });

  it('a desk off at night reads the full lists after 26 hours anyway', () => {
    const s = { startedAt: started };
    expect(reconcileDue(at('2027-03-02T10:00:01'), '2027-03-01T08:00:00', '2027-03-02T09:50:00', s)).toBe(
      'full',
    );
  });
});

describe('waitingSpan', () => {
  it('is one window from the first undecided day to the last, whatever lies between', () => {
    const days = [load(0, 0, 50), load(3, 1, 2), load(20, 0, 300), load(40, 2, 5), load(90, 0, 70)];
    expect(waitingSpan(days)).toEqual([{ checkInStart: day(3), checkInEnd: day(40), agencyId: 'a' }]);
    expect(waitingSpan([load(3, 1, 0, ['a']), load(5, 1, 0, ['b'])])).toEqual([
      { checkInStart: day(3), checkInEnd: day(5) },
    ]);
  });

  it('reads nothing when nothing is undecided', () => {
    expect(waitingSpan([load(0, 0, 50), load(1, 0, 3)])).toEqual([]);
  });
});
