import { describe, expect, it } from 'vitest';
import { changesText } from '../../../main/export/columns';
import {
  csvFormatFor,
  dateCell,
  moneyText,
  numberCell,
  textCell,
  timeCell,
} from '../../../main/export/format';
import type { ExportGuestRow } from '../../../main/store';
import { exportInside } from '../../../main/handlers/export';
import { escapeHtml } from '../../../main/export/arrivals-html';

describe('cells a spreadsheet reads', () => {
  it('neutralises text a spreadsheet would execute, and only that', () => {
    for (const risky of ['=1+1', '+90 555', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(textCell(risky)).toBe(`'${risky}`);
    // A formula behind a leading tab or CR is itself neutralised too (it starts a cell or line
    // for a reader that splits there), so these two get a second apostrophe (they expected one before).
    expect([textCell('\t=1'), textCell('\r=1')]).toEqual(["'\t'=1", "'\r'=1"]);
    for (const safe of ['ŞAHİN', 'a=b', '12', '', ' =x is kept as typed']) expect(textCell(safe)).toBe(safe);
    expect(textCell(null)).toBe('');
  });

  it('keeps real numbers numbers, negative ones too, in the language decimal form', () => {
    const tr = csvFormatFor('tr');
    const en = csvFormatFor('en');
    expect([numberCell(-12.5, tr), numberCell(-12.5, en), numberCell(7, tr), numberCell(null, tr)]).toEqual([
      '-12,5',
      '-12.5',
      '7',
      '',
    ]);
    // A ',' delimiter chosen for Turkish brings the decimal point with it: the number is never split.
    expect(numberCell(0.5, csvFormatFor('tr', { delimiter: ',' }))).toBe('0.5');
  });

  it('defaults by language, both overridable', () => {
    expect(csvFormatFor('tr')).toEqual({
      language: 'tr',
      delimiter: ';',
      dateFormat: 'dd.MM.yyyy',
      decimalSeparator: ',',
    });
    expect(csvFormatFor('en')).toEqual({
      language: 'en',
      delimiter: ',',
      dateFormat: 'yyyy-MM-dd',
      decimalSeparator: '.',
    });
    expect(csvFormatFor('en', { delimiter: ';', dateFormat: 'dd.MM.yyyy' }).dateFormat).toBe('dd.MM.yyyy');
  });

  it('dates keep the calendar day (a midnight time attached is ignored), times show HH:mm', () => {
    const tr = csvFormatFor('tr');
    expect(dateCell('2026-07-10T00:00:00', tr)).toBe('10.07.2026');
    expect(dateCell('2026-07-10', csvFormatFor('en'))).toBe('2026-07-10');
    expect(dateCell('=bad', tr)).toBe("'=bad");
    expect([timeCell('2026-07-10T14:30:00'), timeCell('2026-07-10'), timeCell(null)]).toEqual([
      '14:30',
      '',
      '',
    ]);
  });

  it('HTML text is escaped', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
  });
});

describe('opening an export', () => {
  it('only CSV or HTML files directly inside the exports folder', () => {
    const folder = '/data/exports';
    expect(exportInside(folder, '/data/exports/a.csv')).toBe('/data/exports/a.csv');
    expect(exportInside(folder, 'b.html')).toBe('/data/exports/b.html');
    for (const bad of [
      '/data/resdesk.db',
      '../resdesk.db',
      '/data/exports/../x.csv',
      '/data/exports/sub/a.csv',
      '/data/exports/a.exe',
      '/data/exports',
    ])
      expect(exportInside(folder, bad)).toBeNull();
  });
});

describe('a price in the changes column', () => {
  const row = (changes: ExportGuestRow['changes']): ExportGuestRow => ({ changes }) as ExportGuestRow;
  const price = {
    field: 'soldPrice',
    before: '1155',
    after: '1650.5',
    currency: { before: 'EUR', after: 'EUR' },
  };

  it('is money: thousands separated in the language, with its currency', () => {
    expect(changesText(row([price]), csvFormatFor('tr'))).toBe('Fiyat: 1.155 EUR → 1.650,50 EUR');
    expect(changesText(row([price]), csvFormatFor('en'))).toBe('Price: 1,155 EUR → 1,650.50 EUR');
  });

  it('a value that is no number, or no price, stays as sent', () => {
    expect(moneyText('n/a', 'EUR', csvFormatFor('tr'))).toBe('n/a');
    expect(changesText(row([{ field: 'nights', before: '3', after: '4' }]), csvFormatFor('tr'))).toBe(
      'Gece: 3 → 4',
    );
  });
});
