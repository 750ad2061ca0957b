// What the live service sends that the spec does not show (spec/real-service-evidence.md): its original
// names, status letters beyond W/E/H, characters XML 1.0 forbids, and now and then an item that cannot be
// read. Each is decoded from wire text here, byte for byte as such a service would write it.
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../../main/exchange/answer';
import { decodeStayCodes } from '../../../main/exchange/decode-setup';
import { decodeReservationStream } from '../../../main/exchange/reservation-file';
import { readReservation, type UnreadableItem } from '../../../main/exchange/unreadable';
import { createXmlCharFilter, withoutForbiddenXmlChars } from '../../../main/exchange/xml-chars';
import { MalformedResponseError } from '../../../main/exchange/errors';
import type { WireValue } from '../../../main/exchange/wire-value';
import type { Reservation } from '../../../shared/domain';
import { fixture } from './fixtures';

// The COBOL client's record layouts, in DataContract order, items named as .NET would.
const sejourCodes = `<ServiceResultOfArrayOfSejourCodesForMappingq1 xmlns="http://schemas.datacontract.org/2004/07/Paximum.Pms.Service.Models" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">
<Data xmlns:a="http://schemas.datacontract.org/2004/07/Paximum.Pms.Entities"><a:SejourCodesForMapping>
<a:SejourBoards><a:SejourBoard><a:Kodu>AI</a:Kodu><a:Otel>AYT-KUMSAL</a:Otel><a:PaximumId>1001</a:PaximumId><a:Tanim>All Inclusive</a:Tanim></a:SejourBoard></a:SejourBoards>
<a:SejourNationals><a:SejourNational><a:Kodu>DEU</a:Kodu><a:adi>Almanya</a:adi></a:SejourNational><a:SejourNational><a:Kodu>TUR</a:Kodu><a:adi>Türkiye</a:adi></a:SejourNational></a:SejourNationals>
<a:SejourRoomTypes><a:SejourRoomType><a:Otel>AYT-KUMSAL</a:Otel><a:Otip>SV</a:Otip><a:PaximumId>1001</a:PaximumId><a:Tanim>Sea view</a:Tanim></a:SejourRoomType></a:SejourRoomTypes>
<a:SejourRooms><a:SejourRoom><a:MaxAdl>3</a:MaxAdl><a:MaxChd>2</a:MaxChd><a:MaxPax>4</a:MaxPax><a:MinAdl>1</a:MinAdl><a:Oda>DZ</a:Oda><a:Otel>AYT-KUMSAL</a:Otel><a:Pax>2</a:Pax><a:PaximumId>1001</a:PaximumId><a:Tanim>Doppelzimmer</a:Tanim></a:SejourRoom></a:SejourRooms>
</a:SejourCodesForMapping></Data><Error><Code></Code><Message></Message></Error><InfoMessage>1 record(s) found.</InfoMessage><IsSuccessful>true</IsSuccessful></ServiceResultOfArrayOfSejourCodesForMappingq1>`;

const xmlList = fixture('reservations-envelope.xml');

async function streamOf(text: string, onUnreadable?: (item: UnreadableItem) => void, piece = 37) {
  const stored: Reservation[] = [];
  async function* pieces() {
    for (let at = 0; at < text.length; at += piece) yield text.slice(at, at + piece);
  }
  const { count } = await decodeReservationStream(pieces(), async (batch) => void stored.push(...batch), {
    onUnreadable,
  });
  return { count, stored };
}

describe("the live service's own names", () => {
  it('reads Sejour* mapping collections with Kodu, Tanim, Otel, Otip, Oda, adi and the room limits', () => {
    const codes = readAnswer(200, sejourCodes, 'stay codes', []).items.flatMap((i) =>
      decodeStayCodes(i, 'AG'),
    );
    const plain = codes.map(({ raw: _raw, ...code }) => code);
    expect(plain).toEqual([
      {
        agencyId: 'AG',
        kind: 'room',
        code: 'DZ',
        name: 'Doppelzimmer',
        hotel: 'AYT-KUMSAL',
        hotelNumber: 1001,
        pax: 2,
        minAdults: 1,
        maxAdults: 3,
        maxChildren: 2,
        maxPax: 4,
      },
      {
        agencyId: 'AG',
        kind: 'roomType',
        code: 'SV',
        name: 'Sea view',
        hotel: 'AYT-KUMSAL',
        hotelNumber: 1001,
      },
      {
        agencyId: 'AG',
        kind: 'board',
        code: 'AI',
        name: 'All Inclusive',
        hotel: 'AYT-KUMSAL',
        hotelNumber: 1001,
      },
      { agencyId: 'AG', kind: 'nationality', code: 'DEU', name: 'Almanya', hotel: '', hotelNumber: null },
      { agencyId: 'AG', kind: 'nationality', code: 'TUR', name: 'Türkiye', hotel: '', hotelNumber: null },
    ]);
    expect(codes[0]?.raw).toMatchObject({ Oda: 'DZ', MaxPax: '4', PaximumId: '1001' });
  });

  it('reads the hotel number from PaximumId and the stay hotel name from SejourHotelName', async () => {
    const original = xmlList
      .replaceAll('<PartnerId>1001</PartnerId>', '<PaximumId>2002</PaximumId>')
      .replaceAll(
        '<StayHotelName>Lara Beach</StayHotelName>',
        '<SejourHotelName>Lara Sejour</SejourHotelName>',
      );
    expect(original).not.toContain('PartnerId');
    const { stored } = await streamOf(original);
    expect(stored[0]).toMatchObject({ partnerId: 2002, stayHotelName: 'Lara Sejour' });
  });
});

describe('status letters beyond W, E and H', () => {
  it('keeps S, G and any other letter as it came, and an unknown PmsStatus too', async () => {
    const odd = xmlList
      .replace('<ConfirmationStatus>W</ConfirmationStatus>', '<ConfirmationStatus>S</ConfirmationStatus>')
      .replace('<PmsStatus>0</PmsStatus>', '<PmsStatus>5</PmsStatus>');
    const { stored } = await streamOf(odd);
    expect(stored[0]).toMatchObject({ confirmationStatus: 'S', pmsStatus: 5 });
    const g = await streamOf(
      xmlList.replace(
        '<ConfirmationStatus>W</ConfirmationStatus>',
        '<ConfirmationStatus>g</ConfirmationStatus>',
      ),
    );
    expect(g.stored[0]?.confirmationStatus).toBe('G');
  });
});

describe('characters XML 1.0 forbids', () => {
  it('are taken out, raw or as references, and the answer is read', async () => {
    const dirty = xmlList
      .replace('<Name>ÖZTÜRK AYŞE</Name>', '<Name>ÖZTÜRK\u0001 AYŞE&#x1;</Name>')
      .replace('<Note>Late arrival', '<Note>&#11;Late\u000B arrival&#x0B;');
    const clean = await streamOf(xmlList);
    for (const piece of [1, 3, 37, 4096]) {
      const read = await streamOf(dirty, undefined, piece);
      expect(read.stored.map((r) => r.guests[0]?.name)).toEqual(clean.stored.map((r) => r.guests[0]?.name));
      expect(read.stored[0]?.note).toBe(clean.stored[0]?.note);
    }
  });

  it('keeps allowed references, even cut in two between chunks', () => {
    expect(withoutForbiddenXmlChars('a&#xD;b&#9;c&#x263A;&#1;&#xFFFE;')).toBe('a&#xD;b&#9;c&#x263A;');
    const filter = createXmlCharFilter();
    const out = ['x&#', 'x1', ';y&#x2', '63A;', 'z&'].map((t) => filter.write(t)).join('') + filter.end();
    expect(out).toBe('xy&#x263A;z&');
  });
});

describe('an item that cannot be read', () => {
  const garbled = xmlList.replace('<Adults>2</Adults>', '<Adults>two</Adults>');

  it('is set aside with its text while the rest of the file is read', async () => {
    const aside: UnreadableItem[] = [];
    const { count, stored } = await streamOf(garbled, (item) => aside.push(item));
    const whole = await streamOf(xmlList);
    expect(count).toBe(whole.count - 1);
    expect(stored.map((r) => r.logId)).toEqual(whole.stored.slice(1).map((r) => r.logId));
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatchObject({
      field: 'Adults',
      expected: 'a whole number',
      keyField: '1001|55012|7',
      logId: 900001,
      serviceId: 'a3c1e5f7-9b2d-4f6a-8e0c-2d4f6a8b0c1e',
    });
    expect(JSON.parse(aside[0]?.text ?? '{}')).toMatchObject({ Adults: 'two', VoucherNo: 'V-2025-0001' });
  });

  it('keeps a JSON item exactly as it was received', () => {
    const text = '{"KeyField":"k1","LogId":"x","ServiceId":"s","ConfirmationStatus":"W"}';
    const aside: UnreadableItem[] = [];
    const item = JSON.parse(text) as WireValue;
    expect(readReservation(item, 'reservation list', (i) => aside.push(i))).toBeNull();
    expect(aside[0]).toMatchObject({ field: 'LogId', keyField: 'k1', logId: null });
  });

  it('still fails the whole answer where nobody can keep it aside', async () => {
    await expect(streamOf(garbled)).rejects.toBeInstanceOf(MalformedResponseError);
  });
});
