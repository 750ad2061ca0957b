// The voucher PDF of sendconfirmationv2. Guest names arrive in Turkish, German, Polish and Cyrillic
// letters, which the PDF standard fonts cannot draw, so a Unicode TrueType font (DejaVu Sans, in
// resources/fonts) is embedded. Without that font the text is deliberately transliterated to the
// standard font's Latin-1 letters instead of printing wrong glyphs. The font is parsed once (fontkit) and handed
// to every voucher: parsing it per document took about 60 ms of a voucher's 65, and a confirmation waits for its
// voucher.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

export interface VoucherDetails {
  hotelName: string;
  status: 'E' | 'H';
  confirmationNo: string;
  reason: string;
  note: string;
  keyField: string;
  voucherNo: string;
  agencyName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  room: string;
  board: string;
  guests: readonly string[];
  pmsUser: string;
  issuedAt: string;
}

interface Fonts {
  regular: string | Font;
  bold: string | Font;
  unicode: boolean;
}

/** A TrueType file parsed once; a collection or another format is not what resources/fonts holds. */
function parsedFont(file: string): Font {
  const font = create(readFileSync(file));
  if ('fonts' in font) throw new Error(`${file} is a font collection, not one font.`);
  return font;
}

let cached: { dir: string | null; fonts: Fonts } | null = null;

function fontDirs(configured: string | null): string[] {
  const dirs = configured ? [configured] : [];
  // import.meta.url is absent when bundled to CommonJS; the working directory is then the fallback.
  if (typeof import.meta.url === 'string')
    dirs.push(fileURLToPath(new URL('../../resources/fonts/', import.meta.url)));
  dirs.push(path.resolve('resources', 'fonts'));
  return dirs;
}

function loadFonts(configured: string | null): Fonts {
  if (cached && cached.dir === configured) return cached.fonts;
  let fonts: Fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: false };
  for (const dir of fontDirs(configured)) {
    const regular = path.join(dir, 'DejaVuSans.ttf');
    const bold = path.join(dir, 'DejaVuSans-Bold.ttf');
    if (existsSync(regular)) {
      const parsed = parsedFont(regular);
      fonts = { regular: parsed, bold: existsSync(bold) ? parsedFont(bold) : parsed, unicode: true };
      break;
    }
  }
  cached = { dir: configured, fonts };
  return fonts;
}

const LATIN: Readonly<Record<string, string>> = {
  İ: 'I',
  ı: 'i',
  Ş: 'S',
  ş: 's',
  Ğ: 'G',
  ğ: 'g',
  Ł: 'L',
  ł: 'l',
  Ś: 'S',
  ś: 's',
  Ż: 'Z',
  ż: 'z',
  Ń: 'N',
  ń: 'n',
  ę: 'e',
  ą: 'a',
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Е: 'E',
  Ж: 'Zh',
  З: 'Z',
  И: 'I',
  Й: 'Y',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'Kh',
  Ц: 'Ts',
  Ч: 'Ch',
  Ш: 'Sh',
  Щ: 'Shch',
  Ы: 'Y',
  Э: 'E',
  Ю: 'Yu',
  Я: 'Ya',
  Ь: '',
  Ъ: '',
  І: 'I',
  Ї: 'Yi',
  Є: 'Ye',
};

/** Letters the standard font lacks, spelled in Latin-1 so the voucher stays readable. */
export function toStandardFontText(text: string): string {
  return [...text]
    .map((letter) => {
      const upper = LATIN[letter.toUpperCase()];
      const mapped = LATIN[letter] ?? (upper === undefined ? undefined : upper.toLowerCase());
      if (mapped !== undefined) return mapped;
      return letter.charCodeAt(0) <= 0xff ? letter : '?';
    })
    .join('');
}

export function renderVoucher(
  details: VoucherDetails,
  fontDir: string | null,
  createdAt: Date,
): Promise<Buffer> {
  const fonts = loadFonts(fontDir);
  const say = (text: string): string => (fonts.unicode ? text : toStandardFontText(text));
  const confirmed = details.status === 'E';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Voucher ${details.voucherNo}`, Author: details.hotelName, CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(fonts.bold).fontSize(18).text(say(details.hotelName));
  doc
    .moveDown(0.5)
    .fontSize(14)
    .text(
      say(
        confirmed
          ? 'Rezervasyon Onayı / Reservation Confirmation'
          : 'Rezervasyon Onaylanmadı / Reservation Not Confirmed',
      ),
    );
  doc.moveDown().font(fonts.regular).fontSize(11);
  const rows: [string, string][] = [
    ['Durum / Status', confirmed ? 'ONAYLANDI / CONFIRMED' : 'ONAYLANMADI / NOT CONFIRMED'],
    ['Onay No / Confirmation No', details.confirmationNo || '-'],
    ['Acente / Agency', details.agencyName],
    ['Voucher', details.voucherNo],
    ['Giriş / Check-in', details.checkIn],
    ['Çıkış / Check-out', `${details.checkOut} (${details.nights} gece / nights)`],
    ['Oda / Room', details.room],
    ['Pansiyon / Board', details.board],
    ['Misafirler / Guests', details.guests.join(', ')],
  ];
  if (!confirmed) rows.push(['Neden / Reason', details.reason]);
  if (details.note) rows.push(['Not / Note', details.note]);
  rows.push(
    ['Kullanıcı / User', details.pmsUser || '-'],
    ['Tarih / Date', details.issuedAt],
    ['KeyField', details.keyField],
  );
  for (const [label, value] of rows) {
    doc
      .font(fonts.bold)
      .text(`${say(label)}: `, { continued: true })
      .font(fonts.regular)
      .text(say(value));
  }
  doc
    .moveDown(2)
    .fontSize(9)
    .fillColor('#555555')
    .text(say('Bu belge alıştırma servisi tarafından üretilmiştir. Generated by the practice service.'));
  doc.end();
  return done;
}
