// The morning's allotment releases (main/handlers/release-day.ts) on a desk's own file: the unused rooms of each
// night whose release day is today or tomorrow go into the Activity list once a day, worded in the desk's language,
// and those due today come back for the desktop notification; asking again the same day says nothing more.
import { afterEach, describe, expect, it } from 'vitest';
import { sayReleases } from '../../../main/handlers/release-day';
import { wordActivity } from '../../../main/kernel/activity-words';
import { createMessages } from '../../../main/kernel/messages';
import { Store } from '../../../main/store';
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { contractProblems } from '../../../shared/contract-problems';
import { makeReservation } from '../../unit/store/fixtures';
import { julyAllotment } from '../../harness/contracts';

let store: Store | null = null;
afterEach(() => {
  store?.close();
  store = null;
});

const AT = '2026-07-01T08:00:00.000Z';
// 8 July at 09:00 on the reception PC's clock.
const morning = new Date(2026, 6, 8, 9);

describe('the release reminders of the hotel day', () => {
  it('are said in the Activity list once a day; those due today come back for the notification', async () => {
    const s = (store = Store.open(':memory:'));
    s.setMapping({
      agencyId: 'AG1',
      kind: 'roomType',
      channelCode: 'DBL',
      hotelCode: 'DZ',
      user: 'a',
      at: AT,
    });
    const saved = s.addContract(julyAllotment(), 'Ayşe', AT, contractProblems);
    expect('saved' in saved).toBe(true);
    // Two rooms confirmed on the night of 15 July (released today), one waiting (it holds nothing).
    s.importBatch(
      [
        makeReservation({
          keyField: 'A',
          logId: 1,
          checkIn: '2026-07-15',
          checkOut: '2026-07-16',
          nights: 1,
          roomCount: 2,
          confirmationStatus: 'E',
        }),
        makeReservation({
          keyField: 'B',
          logId: 2,
          checkIn: '2026-07-15',
          checkOut: '2026-07-16',
          nights: 1,
          confirmationStatus: 'W',
        }),
      ],
      AT,
    );
    const desk = sqliteDeskStore(s);
    const due = await sayReleases(desk, morning, 'Resdesk');
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
    const said = s.listActivity(0, 10, 'tr').map((e) => wordActivity(createMessages('tr'), 'tr', e).detail);
    expect(said).toHaveLength(3);
    expect(said).toContain(
      'AG1 DZ release, 15.07.2026 gecesi: 5 odanın kullanılmayan 3 tanesi 08.07.2026 tarihinde otele döner.',
    );
    expect(said).toContain(
      'AG1 DZ release, 16.07.2026 gecesi: 5 odanın kullanılmayan 5 tanesi 09.07.2026 tarihinde otele döner.',
    );
    // The Activity list names the operator (the row keeps its id).
    const named = s
      .listActivity(0, 10, 'tr')
      .map(
        (e) => wordActivity(createMessages('tr'), 'tr', e, (id) => (id === 'AG1' ? 'Sun Tours' : id)).detail,
      );
    expect(named).toContain(
      'Sun Tours DZ release, 15.07.2026 gecesi: 5 odanın kullanılmayan 3 tanesi 08.07.2026 tarihinde otele döner.',
    );
    // Later the same day: nothing new, nothing said twice.
    expect(await sayReleases(desk, new Date(2026, 6, 8, 17), 'Resdesk')).toEqual([]);
    expect(s.listActivity(0, 10, 'tr')).toHaveLength(3);
    // The next morning: the 16th goes back today, the 17th tomorrow.
    const next = await sayReleases(desk, new Date(2026, 6, 9, 9), 'Resdesk');
    expect(next.map((r) => [r.night, r.unused])).toEqual([['2026-07-16', 5]]);
    expect(
      s.listActivity(0, 10, 'en').map((e) => wordActivity(createMessages('en'), 'en', e).detail)[0],
    ).toMatch(
      /^Release for AG1 DZ, night of 2026-07-1[67]: 5 of 5 rooms unused return to the hotel on 2026-07-(09|10)\.$/,
    );
  });
});
