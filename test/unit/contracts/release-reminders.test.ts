import { describe, expect, it } from 'vitest';
import { allotmentUse } from '../../../main/contracts/allotment';
import { releaseReminders, releaseReminderText } from '../../../main/contracts/release-reminders';
import { MappedCodes } from '../../../main/checks/mapped-codes';
import type { NightUse } from '../../../shared/domain';
import { storedJulyAllotment } from '../../harness/contracts';

const codes = new MappedCodes();
codes.add({ agencyId: 'AG1', kind: 'roomType', channelCode: 'DBL', hotelCode: 'DZ' });
const contract = storedJulyAllotment();
const night = (date: string, used: number, asked = 0): NightUse => ({
  agencyId: 'AG1',
  roomTypeId: 'DBL',
  night: date,
  used,
  asked,
});

describe('release reminders', () => {
  it('says the unused rooms of the nights whose release day is today or tomorrow; waiting bookings hold nothing', () => {
    const today = '2026-07-08';
    // Release 7 days: the night of 15 July is released today, 16 July tomorrow.
    // Stays: two rooms on the 15th and 16th, three more on the 16th, one waiting on the 15th.
    const counts = [night('2026-07-15', 2, 1), night('2026-07-16', 5)];
    const nights = allotmentUse([contract], counts, (a) => codes.of(a), {
      from: today,
      to: '2026-07-31',
      today,
    });
    const due = releaseReminders(nights, today);
    expect(due).toEqual([
      {
        agencyId: 'AG1',
        roomType: 'DZ',
        night: '2026-07-15',
        releaseOn: '2026-07-08',
        allotted: 5,
        unused: 3,
        when: 'today',
      },
    ]);
    // The night of 16 July, released on the 9th, is fully used (2 + 3 of 5): only the 17th's rooms go back.
    expect(releaseReminders(nights, '2026-07-09').map((r) => [r.night, r.when, r.unused])).toEqual([
      ['2026-07-17', 'tomorrow', 5],
    ]);
    const [first] = due;
    if (!first) throw new Error('no reminder');
    expect(releaseReminderText(first, 'Sun Tours')).toBe(
      'Release for Sun Tours, DZ on 2026-07-15: 3 of 5 rooms unused return to the hotel today.',
    );
    expect(releaseReminders(nights, '2026-07-07').map((r) => [r.night, r.when, r.unused])).toEqual([
      ['2026-07-14', 'today', 5],
      ['2026-07-15', 'tomorrow', 3],
    ]);
  });
});
