// GET /api/pax/getstayformapping (spec) or /api/pax/getsejourformapping (original): one agency's stay
// codes for mapping. Each collection item carries its code and definition in that agency's words, the
// hotel (by code) and its number, and rooms their guest limits — the fields the live service's clients
// read (the spec shows none). Only the names differ between the dialects, never the information.
import { AGENCIES, BOARDS, HOTEL, NATIONALS, ROOMS, ROOM_TYPES, type DialectCode } from '../catalog';
import type { DialectWords } from '../dialect';
import { ServiceError } from '../errors';
import { checkPartner, parseGuid } from '../query';
import { successReply } from '../reply';
import type { Operation } from '../state';
import { list, record, type WireList } from '../wire';

/** .NET names a collection's items after the collection without its final s (StayBoards → StayBoard). */
const itemOf = (collection: string): string => collection.replace(/s$/, '');

function definitions(
  words: DialectWords,
  collection: string,
  codeField: string,
  table: readonly DialectCode[],
  agencyDialect: number,
  partnerId: number,
): WireList {
  const { fields } = words;
  const type = itemOf(collection);
  return list(
    type,
    table.map((entry) =>
      record(type, {
        [codeField]: entry.codes[agencyDialect] ?? '',
        [fields.name]: entry.names[agencyDialect] ?? '',
        [fields.hotel]: HOTEL.originalCode,
        [fields.hotelNumber]: partnerId,
      }),
    ),
  );
}

function rooms(words: DialectWords, agencyDialect: number, partnerId: number): WireList {
  const { fields } = words;
  const type = itemOf(words.rooms);
  return list(
    type,
    ROOMS.map((room) =>
      record(type, {
        [fields.roomCode]: room.codes[agencyDialect] ?? '',
        [fields.name]: room.names[agencyDialect] ?? '',
        [fields.hotel]: HOTEL.originalCode,
        [fields.hotelNumber]: partnerId,
        Pax: room.pax,
        MinAdl: room.minAdults,
        MaxAdl: room.maxAdults,
        MaxChd: room.maxChildren,
        MaxPax: room.maxPax,
      }),
    ),
  );
}

function nationals(words: DialectWords, turkish: boolean): WireList {
  const type = itemOf(words.nationals);
  return list(
    type,
    NATIONALS.map((national) =>
      record(type, {
        [words.fields.nationalCode]: national.code,
        [words.fields.nationalName]: turkish ? national.turkishName : national.name,
      }),
    ),
  );
}

export function mappingOperation(words: DialectWords): Operation {
  return {
    method: 'GET',
    path: words.mappingPath,
    itemType: words.mappingItem,
    auth: 'token',
    handle: ({ state, query, format }) => {
      checkPartner(query, words.hotelParameter, state.config.partnerId, true);
      const agencyId = parseGuid(query.required('agencyId'), words.mappingAction);
      const agency = AGENCIES[state.world.agencyIndexOf(agencyId)];
      if (!agency)
        throw new ServiceError('UnknownAgency', `Agency ${agencyId} is not connected to this hotel.`);
      const partnerId = state.config.partnerId;
      const item = record(words.mappingItem, {
        [words.boards]: definitions(
          words,
          words.boards,
          words.fields.boardCode,
          BOARDS,
          agency.dialect,
          partnerId,
        ),
        [words.nationals]: nationals(words, agency.dialect === 4),
        [words.roomTypes]: definitions(
          words,
          words.roomTypes,
          words.fields.roomTypeCode,
          ROOM_TYPES,
          agency.dialect,
          partnerId,
        ),
        [words.rooms]: rooms(words, agency.dialect, partnerId),
      });
      return successReply(format, state.shape, words.mappingItem, [item], state.shape.info.found(1));
    },
  };
}
