// GET /api/pax/getReservationList: inline up to 1000 reservations, above that a FileCode whose file
// holds the list exactly as it was at this moment.
import { ServiceError } from '../errors';
import { checkPartner, parseBoolean, parseDateParameter, parseGuid } from '../query';
import { successReply } from '../reply';
import { reservationItem } from '../reservation-wire';
import type { ConfirmationStatus } from '../reservation';
import { hotelIdentity, type Operation } from '../state';
import { record } from '../wire';

export const INLINE_LIMIT = 1000;

function parseStatus(text: string | null): ConfirmationStatus {
  if (text === null) return 'W';
  const status = text.trim().toUpperCase();
  if (status === 'W' || status === 'E' || status === 'H') return status;
  throw new ServiceError(
    'InvalidStatus',
    `Status '${text}' is not valid. Use W (waiting), E (confirmed) or H (not confirmed).`,
  );
}

export const reservationListOperation: Operation = {
  method: 'GET',
  path: '/api/pax/getreservationlist',
  itemType: 'ReservationPms',
  auth: 'token',
  handle: ({ state, query, format }) => {
    const from = parseDateParameter(query, 'checkInStart');
    const to = parseDateParameter(query, 'checkInEnd');
    checkPartner(query, state.config.partnerId, false);
    const agencyText = query.get('agencyId');
    const agencyId = agencyText === null ? null : parseGuid(agencyText, 'GetReservationList');
    const status = parseStatus(query.get('status'));
    const sendRequired = query.get('IsSendRequired');
    const onlyUnacknowledged = sendRequired === null ? false : parseBoolean(sendRequired, 'IsSendRequired');
    const found = state.world.list({ from, to, agencyId, status, onlyUnacknowledged });
    if (found.length > INLINE_LIMIT) {
      const fileCode = state.files.create(found, format);
      const info = `Reservation list limit exceeded (${found.length} > ${INLINE_LIMIT}). Get the list with checkreservationfile and the FileCode.`;
      return successReply(
        format,
        'PmsResListExceed',
        [record('PmsResListExceed', { FileCode: fileCode })],
        info,
      );
    }
    const identity = hotelIdentity(state);
    const items = found.map((item) => reservationItem(item, identity));
    return successReply(format, 'ReservationPms', items, `${items.length} reservation(s) listed.`);
  },
};
