// The stop-sale notice the hotel sends an operator: one page, in Turkish, English or German (the operators'
// languages; German is not a desk language, so its words live here with the other two), saying which room type is
// closed on which nights and asking the operator to stop selling it and confirm. Self-contained HTML with no
// script (its Content-Security-Policy forbids any), printed from the browser or attached to an e-mail.
import type { CalendarDate, StopSaleCodeKind } from '../../shared/domain';
import { escapeHtml } from './arrivals-html';

export type NoticeLanguage = 'tr' | 'en' | 'de';
export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = ['tr', 'en', 'de'];

interface NoticeWords {
  title: string;
  to: string;
  from: string;
  date: string;
  code: Record<StopSaleCodeKind, string>;
  nights: string;
  ask: string;
  note: string;
  thanks: string;
}

const words: Record<NoticeLanguage, NoticeWords> = {
  tr: {
    title: 'Stop sale bildirimi',
    to: 'Kime',
    from: 'Kimden',
    date: 'Tarih',
    code: { roomType: 'Oda tipi', room: 'Oda' },
    nights: 'Satışa kapalı geceler (ikisi de dahil)',
    ask: 'Lütfen bu gecelerde bu odayı satışa kapatın ve bu bildirimi aldığınızı otele teyit edin.',
    note: 'Not',
    thanks: 'Teşekkür ederiz.',
  },
  en: {
    title: 'Stop sale notice',
    to: 'To',
    from: 'From',
    date: 'Date',
    code: { roomType: 'Room type', room: 'Room' },
    nights: 'Closed for sale (both nights included)',
    ask: 'Please stop selling this room for these nights and confirm to the hotel that you received this notice.',
    note: 'Note',
    thanks: 'Thank you.',
  },
  de: {
    title: 'Verkaufsstopp (Stop Sale)',
    to: 'An',
    from: 'Von',
    date: 'Datum',
    code: { roomType: 'Zimmertyp', room: 'Zimmer' },
    nights: 'Nicht buchbar (beide Nächte eingeschlossen)',
    ask: 'Bitte stoppen Sie den Verkauf dieses Zimmers für diese Nächte und bestätigen Sie dem Hotel den Erhalt dieser Mitteilung.',
    note: 'Hinweis',
    thanks: 'Vielen Dank.',
  },
};

/** A calendar date as each language writes it: 01.08.2026 (tr, de), 1 Aug 2026 (en). */
function day(date: CalendarDate, language: NoticeLanguage): string {
  const [y, m, d] = date.split('-');
  if (language !== 'en') return `${d}.${m}.${y}`;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(d)} ${months[Number(m) - 1] ?? m} ${y}`;
}

export interface StopSaleNoticeInput {
  language: NoticeLanguage;
  operator: string;
  hotel: string;
  codeKind: StopSaleCodeKind;
  hotelCode: string;
  /** The operator's own codes mapped to the hotel's (what the operator sells it as); the hotel's code beside them. */
  operatorCodes: readonly string[];
  from: CalendarDate;
  to: CalendarDate;
  note: string;
  /** The day the notice is sent. */
  sentOn: CalendarDate;
}

export function stopSaleNoticeHtml(n: StopSaleNoticeInput): string {
  const w = words[n.language];
  const text = escapeHtml;
  const nights =
    n.from === n.to ? day(n.from, n.language) : `${day(n.from, n.language)} – ${day(n.to, n.language)}`;
  const row = (label: string, value: string) => `<tr><th>${text(label)}</th><td>${text(value)}</td></tr>`;
  return `<!doctype html>
<html lang="${n.language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${text(`${w.title}: ${n.operator}`)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:32px;max-width:720px}h1{font-size:22px}
table{border-collapse:collapse;margin:16px 0}th,td{text-align:left;padding:4px 12px 4px 0;vertical-align:top}
.closed td{font-weight:bold;font-size:16px}</style>
</head>
<body>
<h1>${text(w.title)}</h1>
<table>
${row(w.to, n.operator)}
${row(w.from, n.hotel)}
${row(w.date, day(n.sentOn, n.language))}
${row(w.code[n.codeKind], n.operatorCodes.length > 0 ? `${n.operatorCodes.join(', ')} (${n.hotelCode})` : n.hotelCode)}
<tr class="closed"><th>${text(w.nights)}</th><td data-nights>${text(nights)}</td></tr>
${n.note.trim() === '' ? '' : row(w.note, n.note.trim())}
</table>
<p>${text(w.ask)}</p>
<p>${text(w.thanks)}</p>
</body>
</html>
`;
}
