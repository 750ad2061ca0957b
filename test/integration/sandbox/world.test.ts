// The practice world is deterministic for a seed and a clock, and lives on its own when asked to.
import { describe, expect, it } from 'vitest';
import { WHOLE_YEAR, getJson, login, sandboxState, startService } from './helpers';

async function listing(seed: number): Promise<string> {
  const { service } = await startService({ seed, reservations: 80 });
  try {
    const token = await login(service);
    const body = await getJson(service, `/api/pax/getReservationList?${WHOLE_YEAR}`, token);
    return JSON.stringify(body.Data);
  } finally {
    await service.close();
  }
}

describe('practice world', () => {
  it('is the same for the same seed and clock, and different for another seed', async () => {
    const first = await listing(11);
    expect(await listing(11)).toBe(first);
    expect(await listing(12)).not.toBe(first);
  });

  it('spreads check-ins from today-10 to today+180 with names in several alphabets', async () => {
    const { service } = await startService({ reservations: 400 });
    try {
      const token = await login(service);
      const items = (
        await getJson(
          service,
          '/api/pax/getReservationList?checkInStart=01.01.2000&checkInEnd=12.31.2099',
          token,
        )
      ).Data as {
        CheckIn: string;
        Customers: { Name: string; Title: string; Age: number }[];
        SoldCurrency: string;
        RoomCount: number;
        PmsStatus: number;
      }[];
      expect(items.length).toBe(400);
      const checkIns = items.map((item) => item.CheckIn).sort();
      expect(checkIns[0]! >= '2026-06-21T00:00:00').toBe(true);
      expect(checkIns.at(-1)! <= '2026-12-28T00:00:00').toBe(true);
      const names = items.flatMap((item) => item.Customers.map((guest) => guest.Name)).join(' ');
      for (const letter of ['İ', 'ı', 'Ş', 'Ğ', 'Ç', 'Ö', 'Ü', 'Ä', 'ß', 'Д'])
        expect(names).toContain(letter);
      expect(new Set(items.map((item) => item.SoldCurrency))).toEqual(new Set(['EUR', 'USD', 'GBP', 'TRY']));
      expect(items.some((item) => item.RoomCount > 1)).toBe(true);
      expect(new Set(items.map((item) => item.PmsStatus))).toEqual(new Set([0, 2, 3]));
      const titles = new Set(items.flatMap((item) => item.Customers.map((guest) => guest.Title)));
      expect(titles).toEqual(new Set(['Mr', 'Mrs', 'Chd', 'Inf']));
    } finally {
      await service.close();
    }
  });

  it('evolves in the background when evolveEveryMs is set', async () => {
    const { service } = await startService({ reservations: 10, evolveEveryMs: 20 });
    try {
      let count = 10;
      while (count <= 10) count = (await sandboxState(service)).reservations;
      expect(count).toBeGreaterThan(10);
    } finally {
      await service.close();
    }
  });
});
