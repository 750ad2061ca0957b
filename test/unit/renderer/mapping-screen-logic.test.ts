// The mapping screen's two rules that need no browser: a "Saved ✓" belongs to one agency's code and lasts
// only while the store says what it said after the save; the picker offers the hotel's codes matching what
// is typed (any case, Turkish i's included) and offers to add only text that is no code of the list.
import { describe, expect, it } from 'vitest';
import type { HotelCode, MappingRow, MappingView } from '../../../shared/domain';
import { isSaved, marksAfterSave, noMarks } from '../../../renderer/screens/mapping/saved-marks';
import { pickerOptions } from '../../../renderer/screens/mapping/hotel-code-options';

const row = (
  channelCode: string,
  hotelCode: string | null,
  mappedFor: MappingRow['mappedFor'] = null,
): MappingRow => ({
  kind: 'board',
  channelCode,
  channelName: '',
  hotelCode,
  usedByLive: 1,
  mappedFor: hotelCode === null ? null : (mappedFor ?? 'agency'),
  allAgenciesCode: mappedFor === 'allAgencies' ? hotelCode : null,
});
const view = (agencyId: string, ...rows: MappingRow[]): MappingView => ({
  agencyId,
  rows,
  total: rows.length,
  unmapped: rows.filter((r) => r.hotelCode === null).length,
  hotelCodes: [],
});

describe('saved marks', () => {
  it('belong to the agency saved for: the same code of another agency never shows one', () => {
    const saved = view('AST', row('AI', 'HD'), row('HB', null));
    const marks = marksAfterSave(noMarks, saved, [{ kind: 'board', channelCode: 'AI' }]);
    expect(isSaved(marks, saved, row('AI', 'HD'))).toBe(true);
    expect(isSaved(marks, saved, row('HB', null))).toBe(false);
    const other = view('BSS', row('AI', null));
    expect(isSaved(marks, other, row('AI', null))).toBe(false);
    // Even when the other agency maps the code to the same hotel code on its own.
    expect(isSaved(marks, view('BSS', row('AI', 'HD')), row('AI', 'HD'))).toBe(false);
  });

  it('last only while the store says what it said right after the save', () => {
    const marks = marksAfterSave(noMarks, view('AST', row('AI', 'HD')), [
      { kind: 'board', channelCode: 'AI' },
    ]);
    expect(isSaved(marks, view('AST', row('AI', 'UHD')), row('AI', 'UHD'))).toBe(false);
    expect(isSaved(marks, view('AST', row('AI', null)), row('AI', null))).toBe(false);
    expect(isSaved(marks, view('AST', row('AI', 'HD', 'allAgencies')), row('AI', 'HD', 'allAgencies'))).toBe(
      false,
    );
  });

  it('are dropped when the save removed the mapping', () => {
    let marks = marksAfterSave(noMarks, view('AST', row('AI', 'HD')), [{ kind: 'board', channelCode: 'AI' }]);
    marks = marksAfterSave(marks, view('AST', row('AI', null)), [{ kind: 'board', channelCode: 'AI' }]);
    expect(marks.size).toBe(0);
  });
});

describe('what the hotel-code picker offers', () => {
  const codes: HotelCode[] = [
    { kind: 'roomType', code: 'DBL', name: 'Double' },
    { kind: 'roomType', code: 'KİNG', name: 'King suite' },
    { kind: 'roomType', code: 'STD', name: 'Standart oda' },
  ];

  it('every code while nothing is typed, and no "add"', () => {
    expect(pickerOptions(codes, '', false)).toEqual({ matches: codes, exact: null, addable: null });
  });

  it('the codes whose code or name holds the text, whatever its case', () => {
    expect(pickerOptions(codes, 'd', false).matches.map((c) => c.code)).toEqual(['DBL', 'STD']);
    expect(pickerOptions(codes, 'ODA', false).matches.map((c) => c.code)).toEqual(['STD']);
  });

  it('takes "king", "KING" and "kıng" for the list\'s KİNG and offers no "add"', () => {
    for (const typed of ['king', 'KING', 'kıng', ' King '])
      expect(pickerOptions(codes, typed, false), typed).toMatchObject({ exact: codes[1], addable: null });
  });

  it('offers to add only text that is no code of the list, the exact code first', () => {
    expect(pickerOptions(codes, 'DB', false)).toMatchObject({ exact: null, addable: 'DB' });
    const all = pickerOptions(codes, 'std', true);
    expect(all.matches.map((c) => c.code)).toEqual(['STD', 'DBL', 'KİNG']);
  });
});
