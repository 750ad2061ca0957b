// GET /api/pax/getReservationList: inline up to 1000 reservations, above that a FileCode whose file
// holds the list exactly as it was at this moment.
import { outOfRangeText, ServiceError } from '../errors';
import { distort } from '../oddities';
import { checkPartner, parseBoolean, parseDateParameter, parseGuid } from '../query';
import { successReply } from '../reply';
import { reservationItem } from '../reservation-wire';
import { hotelIdentity, type Operation } from '../state';
import { record } from '../wire';

export const INLINE_LIMIT = 1000;

/**
 * The status filter. Without one the list holds every reservation the hotel has not answered: W, and
 * the S and G the live service's clients meet there. status=W is an explicit filter and holds only W.
 */
function parseStatus(text: string | null): 'W' | 'E' | 'H' | null {
  if (text === null) return null;
  const status = text.trim().toUpperCase();
  if (status === 'W' || status === 'E' || status === 'H') return status;
  throw new ServiceError(
    'InvalidStatus',
    `Status '${text}' is not valid. Use W (waiting), E (confirmed) or H (not confirmed).`,
    outOfRangeText('status', text),
  );
}

export const reservationListOperation: Operation = {
  method: 'GET',
  path: '/api/pax/getreservationlist',
  itemType: 'ReservationPms',
  auth: 'token',
  handle: ({ state, query, format, path }) => {
    const from = parseDateParameter(query, 'checkInStart');
    const to = parseDateParameter(query, 'checkInEnd');
    checkPartner(query, state.words.hotelParameter, state.config.partnerId, false);
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
        state.shape,
        'PmsResListExceed',
        [record('PmsResListExceed', { FileCode: fileCode })],
        info,
      );
    }
    const identity = hotelIdentity(state);
    const odd = state.oddities.plan(found, path, format);
    const items = found.map((item, index) => {
      const wire = reservationItem(item, identity);
      const planned = odd.get(index);
      return planned ? distort(wire, planned) : wire;
    });
    return successReply(format, state.shape, 'ReservationPms', items, state.shape.info.listed(items.length));
  },
};
