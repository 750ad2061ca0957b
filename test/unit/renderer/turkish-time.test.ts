// "10:42'den beri": the Turkish ablative suffix follows the last word the time is read with.
import { describe, expect, it } from 'vitest';
import { turkishFromSuffix } from '../../../renderer/i18n/turkish-time';

describe('Turkish "since" after a time', () => {
  it('follows the minutes, or the hour at :00', () => {
    const cases: [string, string][] = [
      ['10:42', 'den'], // kırk iki
      ['10:40', 'tan'], // kırk
      ['10:30', 'dan'], // otuz
      ['10:43', 'ten'], // üç
      ['10:46', 'dan'], // altı
      ['10:50', 'den'], // elli
      ['10:20', 'den'], // yirmi
      ['10:09', 'dan'], // dokuz
      ['10:00', 'dan'], // on
      ['09:00', 'dan'], // dokuz
      ['08:00', 'den'], // sekiz
      ['14:00', 'ten'], // on dört
      ['00:00', 'dan'], // sıfır
      ['26.11.2026 10:45', 'ten'], // beş, after a date
    ];
    expect(cases.map(([time]) => [time, turkishFromSuffix(time)])).toEqual(cases);
  });
});
