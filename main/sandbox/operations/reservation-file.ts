// The large-result file: checkreservationfile says "not ready" until the delay passed, then gives a
// FileUrl under /upload/ on this server; the download streams the frozen list item by item.
import { ServiceError } from '../errors';
import { distort, type PlannedOddity } from '../oddities';
import { parseGuid } from '../query';
import { envelopeReply, fileReply, successReply, type Reply } from '../reply';
import { reservationItem } from '../reservation-wire';
import type { ReservationRecord } from '../reservation';
import { hotelIdentity, type Operation, type ServiceState } from '../state';
import { record, type WireValue } from '../wire';

export const checkReservationFileOperation: Operation = {
  method: 'GET',
  path: '/api/pax/checkreservationfile',
  itemType: 'CheckReservationFile',
  auth: 'token',
  handle: ({ state, query, format }) => {
    const code = parseGuid(query.required('fileCode'), 'CheckReservationFile');
    const file = state.files.find(code);
    if (!file)
      throw new ServiceError('UnknownFileCode', `No reservation list was created with FileCode ${code}.`);
    if (!state.files.isReady(file)) {
      return envelopeReply(format, state.shape, {
        itemType: 'CheckReservationFile',
        data: [],
        errorCode: '',
        errorMessage: '',
        infoMessage: 'The reservation list is not ready yet. Please try again in a few seconds.',
        isSuccessful: false,
      });
    }
    const url = `${state.baseUrl}/upload/reservations/${file.code}.${file.format}`;
    return successReply(
      format,
      state.shape,
      'CheckReservationFile',
      [record('CheckReservationFile', { FileUrl: url })],
      state.shape.info.fileReady,
    );
  },
};

function* wireItems(
  items: readonly ReservationRecord[],
  state: ServiceState,
  odd: ReadonlyMap<number, PlannedOddity>,
): Generator<WireValue> {
  const identity = hotelIdentity(state);
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (!item) continue;
    const wire = reservationItem(item, identity);
    const planned = odd.get(index);
    yield planned ? distort(wire, planned) : wire;
  }
}

/** GET /upload/reservations/<fileCode>.<json|xml> (token required). Null when there is no such file. */
export function downloadReservationFile(state: ServiceState, path: string, name: string): Reply | null {
  const match = /^([0-9a-f-]{36})\.(json|xml)$/i.exec(name);
  const file = match?.[1] ? state.files.find(match[1]) : undefined;
  if (!file || !state.files.isReady(file) || match?.[2]?.toLowerCase() !== file.format) return null;
  const info = state.shape.info.listed(file.items.length);
  const odd = state.oddities.plan(file.items, path, file.format);
  return fileReply(
    file.format,
    state.shape,
    state.files.shape,
    'ReservationPms',
    wireItems(file.items, state, odd),
    file.items.length,
    info,
  );
}
