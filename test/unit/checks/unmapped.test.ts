import { describe, expect, it } from 'vitest';
import { ALL_MAPPED, checksOf, makeGuest, makeReservation, mapping } from './helpers';

const codes = (checks: { codeKind: string; code: string }[]) => checks.map((c) => `${c.codeKind}:${c.code}`);

describe('unmapped', () => {
  it('says nothing when every code has a hotel code', () => {
    expect(checksOf('unmapped', makeReservation())).toEqual([]);
  });

  it('names each code without a hotel code, with the agency to map it for', () => {
    const r = makeReservation();
    expect(checksOf('unmapped', r, { mappings: [] })).toEqual([
      { kind: 'unmapped', severity: 'note', agencyId: 'AG1', codeKind: 'room', code: 'R1' },
      { kind: 'unmapped', severity: 'note', agencyId: 'AG1', codeKind: 'roomType', code: 'DBL' },
      { kind: 'unmapped', severity: 'note', agencyId: 'AG1', codeKind: 'board', code: 'AI' },
      { kind: 'unmapped', severity: 'note', agencyId: 'AG1', codeKind: 'nationality', code: 'TR' },
    ]);
  });

  it('names each guest nationality once', () => {
    const r = makeReservation({
      guests: ['DE', 'TR', 'DE', 'GB'].map((n, i) => makeGuest(`A${i} B`, 'k', { nationality: n })),
    });
    expect(codes(checksOf('unmapped', r))).toEqual(['nationality:DE', 'nationality:GB']);
  });

  it('ignores empty codes (nothing to map)', () => {
    const r = makeReservation({ roomId: '', guests: [makeGuest('A B', 'k', { nationality: '' })] });
    expect(checksOf('unmapped', r)).toEqual([]);
  });

  it("counts only the reservation's own agency's mappings, and no blank hotel code", () => {
    const otherAgency = ALL_MAPPED.map((m) => ({ ...m, agencyId: 'AG2' }));
    expect(checksOf('unmapped', makeReservation(), { mappings: otherAgency })).toHaveLength(4);
    const blank = [...ALL_MAPPED.slice(0, 3), mapping('nationality', 'TR', '  ')];
    expect(codes(checksOf('unmapped', makeReservation(), { mappings: blank }))).toEqual(['nationality:TR']);
  });

  it('compares codes exactly, as the mapping table does', () => {
    const lower = [...ALL_MAPPED.slice(1), mapping('room', 'r1', 'STD')];
    expect(codes(checksOf('unmapped', makeReservation(), { mappings: lower }))).toEqual(['room:R1']);
  });
});
