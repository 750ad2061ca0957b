// The import's values are written field by field (reservations-columns.ts): they must follow the column lists,
// which the statements and the guests view read by position.
import { describe, expect, it } from 'vitest';
import {
  guestColumnFields,
  guestsJson,
  reservationColumnFields,
  reservationValues,
  reservationWriteColumns,
} from '../../../main/store/reservations-columns';
import { generateReservations } from './fixtures';

/** Each listed field of `target` given a value no other field has, so a value in the wrong place shows. */
const distinct = <T extends object>(target: T, fields: readonly string[], tag: string): T =>
  Object.assign(target, Object.fromEntries(fields.map((field) => [field, `${tag}:${field}`])));

describe('the values an import writes', () => {
  const base = generateReservations(1, 5)[0]!;
  const guests = [0, 1].map((i) => distinct({ ...base.guests[0]! }, guestColumnFields, `guest ${i}`));
  const r = distinct({ ...base, guests }, reservationColumnFields, 'reservation');
  const valueOf = (o: object, field: string): unknown =>
    new Map<string, unknown>(Object.entries(o)).get(field);

  it('are a reservation row in the order of its columns', () => {
    const values = reservationValues(r, 'changed', '2026-06-01T08:00:00.000Z');
    expect(values).toHaveLength(reservationWriteColumns.length);
    expect(values).toEqual([
      ...reservationColumnFields.map((field) => valueOf(r, field)),
      'changed',
      'guest 0:name',
      'guest 0:arrivalTime',
      '2026-06-01T08:00:00.000Z',
      JSON.stringify(guests.map((g) => guestColumnFields.map((field) => valueOf(g, field)))),
    ]);
  });

  it('keep each guest in the order the guests view reads', () => {
    const rows = JSON.parse(guestsJson(guests)) as unknown[][];
    expect(rows).toEqual(
      guests.map((g) => guestColumnFields.map((field) => `${g.title.split(':')[0]}:${field}`)),
    );
  });

  it('take a reservation without guests', () => {
    const values = reservationValues({ ...r, guests: [] }, 'new', 'at');
    expect(values.slice(-5)).toEqual(['new', '', null, 'at', '[]']);
  });
});
