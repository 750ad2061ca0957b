// Every column header, status and kind of code in an export file has its words in both languages: a
// Turkish desk never gets an English header, nor a header left as its id.
import { describe, expect, it } from 'vitest';
import { exportColumns } from '../../../main/export/columns';
import { codeKindLabel, columnIds, columnLabel, statusLabel } from '../../../main/export/labels';
import type { ExportKind, StayCodeKind, UiLanguage } from '../../../shared/domain';

const languages: UiLanguage[] = ['tr', 'en'];
const kinds: ExportKind[] = ['reservations', 'guests', 'arrivals'];

describe('export words', () => {
  it('every column of every export kind is a known column', () => {
    for (const kind of kinds) {
      for (const id of exportColumns(kind)) expect(columnIds).toContain(id);
    }
  });

  it('every column has a header in Turkish and in English', () => {
    for (const language of languages) {
      for (const id of columnIds) {
        const label = columnLabel(language, id);
        expect(typeof label, `${language} ${id}`).toBe('string');
        expect(label.trim(), `${language} ${id}`).not.toBe('');
      }
    }
  });

  it('Turkish headers are Turkish words, not the English ones (names of the service aside)', () => {
    const sameInBoth = new Set(['voucher', 'keyField']);
    for (const id of columnIds) {
      if (sameInBoth.has(id)) continue;
      expect(columnLabel('tr', id), id).not.toBe(columnLabel('en', id));
    }
  });

  it('statuses and code kinds are worded in both languages', () => {
    for (const language of languages) {
      for (const status of ['W', 'E', 'H', 'S', 'G'] as const) {
        expect(statusLabel(language, status, false)).not.toMatch(/^(Status|Durum) /);
      }
      expect(statusLabel(language, 'W', true)).toBe(language === 'tr' ? 'İptal' : 'Cancelled');
      for (const kind of ['room', 'roomType', 'board', 'nationality'] as StayCodeKind[]) {
        expect(codeKindLabel(language, kind).trim()).not.toBe('');
        if (language === 'tr') expect(codeKindLabel('tr', kind)).not.toBe(codeKindLabel('en', kind));
      }
    }
    expect(statusLabel('tr', 'Q', false)).toBe('Bilinmeyen durum (Q)');
  });
});
