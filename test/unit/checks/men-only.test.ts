import { describe, expect, it } from 'vitest';
import { checksOf, withGuests } from './helpers';

const on = { settings: { menOnly: true } };
const men = (titles: string[], overrides = {}) =>
  withGuests(
    'K',
    titles.map((title, i) => [`KAYA G${i}`, { title }] as [string, { title: string }]),
    { adults: titles.length, childs: 0, infants: 0, ...overrides },
  );

describe('men-only', () => {
  it('is off by default (a setting of hotels with a family policy)', () => {
    expect(checksOf('men-only', men(['Mr', 'Mr']))).toEqual([]);
  });

  it('flags a booking of adult men only, a lone man included', () => {
    expect(checksOf('men-only', men(['Mr', 'Mr', 'Mr']), on)).toEqual([
      { kind: 'men-only', severity: 'problem', men: 3 },
    ]);
    expect(checksOf('men-only', men(['Mr']), on).map((c) => c.men)).toEqual([1]);
  });

  it('reads the usual spellings of Mr', () => {
    expect(checksOf('men-only', men(['MR', 'Mr.', ' mr ', 'Bay']), on)).toHaveLength(1);
  });

  it('says nothing when a woman, a child or an infant comes along', () => {
    expect(checksOf('men-only', men(['Mr', 'Mrs']), on)).toEqual([]);
    expect(checksOf('men-only', men(['Mr', 'Chd'], { adults: 1, childs: 1 }), on)).toEqual([]);
    expect(checksOf('men-only', men(['Mr', 'Inf'], { adults: 1, infants: 1 }), on)).toEqual([]);
    expect(checksOf('men-only', men(['Mr', 'Ms']), on)).toEqual([]);
  });

  it('trusts the counts the agency sold over an incomplete guest list', () => {
    expect(checksOf('men-only', men(['Mr'], { childs: 1 }), on)).toEqual([]);
    expect(checksOf('men-only', men(['Mr'], { infants: 1 }), on)).toEqual([]);
    // Two adults sold, one named: the other may be a woman.
    expect(checksOf('men-only', men(['Mr'], { adults: 2 }), on)).toEqual([]);
    expect(checksOf('men-only', men([], { adults: 2 }), on)).toEqual([]);
  });
});
