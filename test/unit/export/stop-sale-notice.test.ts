import { describe, expect, it } from 'vitest';
import { stopSaleNoticeHtml, type StopSaleNoticeInput } from '../../../main/export/stop-sale-notice';

const notice: StopSaleNoticeInput = {
  language: 'de',
  operator: 'Sonne <Reisen> & Co',
  hotel: 'Otel Deniz',
  codeKind: 'roomType',
  hotelCode: 'DZ',
  operatorCodes: ['DBL', 'DBL-SV'],
  from: '2026-08-01',
  to: '2026-08-05',
  note: 'Renovierung',
  sentOn: '2026-07-20',
};

describe('the stop-sale notice', () => {
  it('says the closed nights in German, the operator’s own codes first, and nothing in it can run', () => {
    const html = stopSaleNoticeHtml(notice);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Verkaufsstopp (Stop Sale)</h1>');
    expect(html).toContain('<td data-nights>01.08.2026 – 05.08.2026</td>');
    expect(html).toContain('<tr><th>Zimmertyp</th><td>DBL, DBL-SV (DZ)</td></tr>');
    expect(html).toContain('<tr><th>An</th><td>Sonne &lt;Reisen&gt; &amp; Co</td></tr>');
    expect(html).toContain('<tr><th>Datum</th><td>20.07.2026</td></tr>');
    expect(html).toContain("content=\"default-src 'none'; style-src 'unsafe-inline'\"");
    expect(html).not.toContain('<script');
  });

  it('in English and Turkish, one night alone, and no note line without a note', () => {
    const en = stopSaleNoticeHtml({ ...notice, language: 'en', to: '2026-08-01', note: '' });
    expect(en).toContain('<td data-nights>1 Aug 2026</td>');
    expect(en).toContain('Please stop selling this room');
    expect(en).not.toContain('<th>Note</th>');
    const tr = stopSaleNoticeHtml({ ...notice, language: 'tr', codeKind: 'room', operatorCodes: [] });
    expect(tr).toContain('<tr><th>Oda</th><td>DZ</td></tr>');
    expect(tr).toContain('Satışa kapalı geceler (ikisi de dahil)');
  });
});
