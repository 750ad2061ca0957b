// Preparation operations: connected agencies, not-confirm reasons, and each agency's stay codes.
import {
  AGENCIES,
  BOARDS,
  NATIONALS,
  NOT_CONFIRM_REASONS,
  ROOMS,
  ROOM_TYPES,
  type DialectCode,
} from '../catalog';
import { ServiceError } from '../errors';
import { checkPartner, parseGuid } from '../query';
import { successReply } from '../reply';
import type { Operation } from '../state';
import { list, record } from '../wire';

const countText = (count: number): string => `${count} record(s) found.`;

export const hotelAgenciesOperation: Operation = {
  method: 'GET',
  path: '/api/pax/gethotelagencies',
  itemType: 'DefinitionHotelAgency',
  auth: 'token',
  handle: ({ state, format }) => {
    const items = AGENCIES.map((agency, index) =>
      record('DefinitionHotelAgency', { Id: state.world.agencyIds[index] ?? '', Name: agency.name }),
    );
    return successReply(format, 'DefinitionHotelAgency', items, countText(items.length));
  },
};

export const notConfirmMessagesOperation: Operation = {
  method: 'GET',
  path: '/api/pax/getnotconfirmmessages',
  itemType: 'NotConfirmMessage',
  auth: 'token',
  handle: ({ state, query, format }) => {
    checkPartner(query, state.config.partnerId, false);
    const english = (query.get('langId') ?? 'tr-TR').toLowerCase().startsWith('en');
    const items = NOT_CONFIRM_REASONS.map((reason, index) =>
      record('NotConfirmMessage', {
        Id: state.world.messageIds[index] ?? '',
        Name: english ? reason.en : reason.tr,
      }),
    );
    return successReply(format, 'NotConfirmMessage', items, countText(items.length));
  },
};

function codes(type: string, table: readonly DialectCode[], dialect: number) {
  return list(
    type,
    table.map((entry) =>
      record(type, { Code: entry.codes[dialect] ?? '', Name: entry.names[dialect] ?? '' }),
    ),
  );
}

export const stayForMappingOperation: Operation = {
  method: 'GET',
  path: '/api/pax/getstayformapping',
  itemType: 'StayCodesForMapping',
  auth: 'token',
  handle: ({ state, query, format }) => {
    checkPartner(query, state.config.partnerId, true);
    const agencyId = parseGuid(query.required('agencyId'), 'GetStayForMapping');
    const index = state.world.agencyIndexOf(agencyId);
    const agency = AGENCIES[index];
    if (!agency)
      throw new ServiceError('UnknownAgency', `Agency ${agencyId} is not connected to this hotel.`);
    const rooms = ROOMS.map((room) =>
      record('StayRoom', {
        Code: room.codes[agency.dialect],
        Name: room.names[agency.dialect],
        Pax: room.pax,
        MinAdl: room.minAdults,
        MaxAdl: room.maxAdults,
        MaxChd: room.maxChildren,
      }),
    );
    const nationals = NATIONALS.map((national) =>
      record('StayNational', {
        Code: national.code,
        Name: agency.dialect === 4 ? national.turkishName : national.name,
      }),
    );
    const item = record('StayCodesForMapping', {
      StayBoards: codes('StayBoard', BOARDS, agency.dialect),
      StayNationals: list('StayNational', nationals),
      StayRoomTypes: codes('StayRoomType', ROOM_TYPES, agency.dialect),
      StayRooms: list('StayRoom', rooms),
    });
    return successReply(format, 'StayCodesForMapping', [item], countText(1));
  },
};
