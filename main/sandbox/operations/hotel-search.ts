// POST /v1/search/hotels with a Bearer token and {"name":"text"}: hotels whose name or city contains
// the text, ignoring case and Turkish letters (so "isik" finds "Işıklar" and "istanbul" "İstanbul").
import { SEARCHABLE_HOTELS } from '../catalog';
import { jsonReply, type Reply } from '../reply';
import type { Operation, OperationRequest } from '../state';

// Its own folding, not shared/text-fold.ts: the practice service shares no code with the client, on purpose.
const FOLD: Readonly<Record<string, string>> = {
  ı: 'i',
  İ: 'i',
  I: 'i',
  ş: 's',
  Ş: 's',
  ğ: 'g',
  Ğ: 'g',
  ç: 'c',
  Ç: 'c',
  ö: 'o',
  Ö: 'o',
  ü: 'u',
  Ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

export function foldTurkish(text: string): string {
  return [...text.normalize('NFC')]
    .map((letter) => FOLD[letter] ?? letter.toLowerCase())
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

function search({ state, body }: OperationRequest): Reply {
  let parsed: unknown;
  try {
    parsed = JSON.parse((body ?? Buffer.alloc(0)).toString('utf8') || '{}');
  } catch {
    return jsonReply(400, {
      error: { code: 'InvalidBody', message: 'The body must be JSON like {"name":"text"}.' },
    });
  }
  const name = typeof parsed === 'object' && parsed !== null && 'name' in parsed ? parsed.name : undefined;
  if (name !== undefined && name !== null && typeof name !== 'string') {
    return jsonReply(400, { error: { code: 'InvalidBody', message: 'name must be a string.' } });
  }
  const wanted = foldTurkish(name ?? '').trim();
  const hotels = SEARCHABLE_HOTELS.filter((hotel) =>
    foldTurkish(`${hotel.name} ${hotel.city}`).includes(wanted),
  );
  // The hotel number is a brand-bearing name too: partnerId in the spec's words, paximumId live.
  const numberName = state.words.searchHotelNumber;
  return jsonReply(200, {
    hotels: hotels.map((hotel) => ({ [numberName]: hotel.partnerId, name: hotel.name, city: hotel.city })),
  });
}

export const hotelSearchOperation: Operation = {
  method: 'POST',
  path: '/v1/search/hotels',
  itemType: 'Hotel',
  auth: 'bearer',
  readsBody: true,
  handle: search,
};
