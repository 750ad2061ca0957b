// Preparation operations: connected agencies and not-confirm reasons (the stay codes are in mapping.ts).
import { AGENCIES, NOT_CONFIRM_REASONS } from '../catalog';
import { checkPartner } from '../query';
import { successReply } from '../reply';
import type { Operation } from '../state';
import { record } from '../wire';

export const hotelAgenciesOperation: Operation = {
  method: 'GET',
  path: '/api/pax/gethotelagencies',
  itemType: 'DefinitionHotelAgency',
  auth: 'token',
  handle: ({ state, format }) => {
    const items = AGENCIES.map((agency, index) =>
      record('DefinitionHotelAgency', { Id: state.world.agencyIds[index] ?? '', Name: agency.name }),
    );
    return successReply(
      format,
      state.shape,
      'DefinitionHotelAgency',
      items,
      state.shape.info.found(items.length),
    );
  },
};

export const notConfirmMessagesOperation: Operation = {
  method: 'GET',
  path: '/api/pax/getnotconfirmmessages',
  itemType: 'NotConfirmMessage',
  auth: 'token',
  handle: ({ state, query, format }) => {
    checkPartner(query, state.words.hotelParameter, state.config.partnerId, false);
    const english = (query.get('langId') ?? 'tr-TR').toLowerCase().startsWith('en');
    const items = NOT_CONFIRM_REASONS.map((reason, index) =>
      record('NotConfirmMessage', {
        Id: state.world.messageIds[index] ?? '',
        Name: english ? reason.en : reason.tr,
      }),
    );
    return successReply(
      format,
      state.shape,
      'NotConfirmMessage',
      items,
      state.shape.info.found(items.length),
    );
  },
};
