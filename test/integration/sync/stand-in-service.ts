// A stand-in exchange service for sync tests that need items the practice service never sends (a LogId
// reused for another reservation, another hotel's reservation, impossible stays) or answers it never
// gives (401 on every request after login). The test scripts each reservation list; acknowledgements are
// recorded as the service would take them. JSON, spec dialect unless an item says otherwise.
import type { ServerResponse } from 'node:http';
import { envelope, send, startScriptedServer, type Seen } from '../../unit/exchange/scripted-server';

export const SERVICE_ID = 'b0000000-0000-0000-0000-000000000001';
export const AGENCY_ID = '11111111-2222-3333-4444-555555555555';

/** One ReservationPms item as the service sends it (a reservation of hotel 1001 unless overridden). */
export function wireItem(keyField: string, logId: number, over: Record<string, unknown> = {}) {
  return {
    AccomId: 'BB',
    AccomName: 'Bed & Breakfast',
    Adults: 2,
    AgencyId: AGENCY_ID,
    AgencyName: 'Sun Travel',
    CheckIn: '2026-08-10T00:00:00',
    CheckOut: '2026-08-14T00:00:00',
    Childs: 0,
    ConfirmDate: null,
    ConfirmationNo: '',
    ConfirmationStatus: 'W',
    ConfirmeNote: '',
    Customers: [
      {
        Age: 40,
        Arrival: '',
        ArrivalTime: null,
        BirthDate: null,
        Departure: '',
        DepartureTime: null,
        MusNo: 0,
        MusTakipNo: '',
        Name: `GUEST ${keyField}`,
        Nationality: 'TR',
        NationalityString: 'Türkiye',
        ReservationKeyField: keyField,
        Title: 'Mr',
      },
    ],
    ExtraBed: 0,
    ExtraServices: [],
    FisNo: 1,
    FreeOfCharge: 'N',
    HoneyMoon: 'N',
    HotelId: '0b7a1d3c-2e4f-4a6b-8c9d-1e2f3a4b5c6d',
    HotelName: 'Hotel Deniz',
    Infants: 0,
    KeyField: keyField,
    LastChangeUser: 'agent',
    LogId: logId,
    Nights: 4,
    Note: '',
    OriginalHotelCode: 'HD',
    PartnerId: 1001,
    Pax: 2,
    PmsStatus: 0,
    PromosyonRoom: 'N',
    QuotaType: 1,
    ReservationStatus: 0,
    RoomCount: 1,
    RoomId: 'DBL-SEA',
    RoomName: 'Double sea view',
    RoomNo: null,
    RoomTypeId: 'DBL',
    RoomTypeName: 'Double',
    SellDate: '2026-03-01T10:00:00',
    ServiceId: SERVICE_ID,
    SoldCurrency: 'EUR',
    SoldPrice: 480,
    StayHotelName: 'Hotel Deniz',
    TourOpCode: 'SUN',
    TourOpName: 'Sun Travel GmbH',
    VoucherNo: `V-${keyField}`,
    ...over,
  };
}

export interface StandIn {
  url: string;
  /** Every LogId the service took as acknowledged, in order, with its ServiceId. */
  acked: { serviceId: string; logId: number }[];
  seen: Seen[];
  close(): Promise<void>;
}

export interface StandInScript {
  /** The waiting list (no status, or W) for the `n`th time it is asked (0 first). */
  waiting: (n: number) => unknown[];
  /** An E or H list (default: empty). */
  answered?: (status: string) => unknown[];
  /** Answers a request itself (login included), or returns false to go on as usual. */
  intercept?: (seen: Seen, res: ServerResponse) => boolean;
}

export async function startStandIn(script: StandInScript): Promise<StandIn> {
  const acked: StandIn['acked'] = [];
  let lists = 0;
  const server = await startScriptedServer((seen, res) => {
    const path = seen.path.toLowerCase();
    if (script.intercept?.(seen, res)) return;
    if (path.endsWith('/api/system/login')) return send(res, 200, '"stand-in-token"');
    if (path.endsWith('/getreservationlist')) {
      const status = seen.query.get('status') ?? '';
      // Exactly what the test scripts: it plays the service's bookkeeping of what was acknowledged.
      const items =
        status === '' || status === 'W' ? script.waiting(lists++) : (script.answered?.(status) ?? []);
      return send(res, 200, envelope(items));
    }
    if (path.endsWith('/postsentlogids')) {
      const body = JSON.parse(seen.body) as { logIds?: string };
      const ids = (body.logIds ?? '').split(',').filter(Boolean);
      for (const id of ids) acked.push({ serviceId: seen.query.get('serviceId') ?? '', logId: Number(id) });
      return send(res, 200, envelope(ids));
    }
    return send(
      res,
      404,
      envelope([], { IsSuccessful: false, Error: { Code: '404', Message: 'no such path' } }),
    );
  });
  return { url: server.url, acked, seen: server.seen, close: () => server.close() };
}
