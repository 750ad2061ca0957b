// sendconfirmation / sendconfirmationv2: the hotel answers a waiting reservation with E (confirmed)
// or H (not confirmed, with a reason Id). The answer is not a new version: no new LogId.
// v2 also returns PdfUrl (our name for the field the spec hides), a temporary link to a voucher PDF on
// the voucher host (another origin, as the live service's one real sample shows).
import { AGENCIES, BOARDS, HOTEL, NOT_CONFIRM_REASONS, ROOMS, ROOM_TYPES } from '../catalog';
import { daysBetween, hotelDateTime } from '../calendar';
import { HOTEL_PARAMETERS } from '../dialect';
import { argumentText, outOfRangeText, ServiceError } from '../errors';
import { renderVoucher } from '../pdf';
import { checkPartner, parseGuid, type Query } from '../query';
import { successReply, type Reply } from '../reply';
import type { ReservationRecord } from '../reservation';
import type { Operation, OperationRequest, ServiceState } from '../state';
import { voucherPath } from '../voucher-host';
import { record } from '../wire';

export const NOTE_LIMIT = 500;

type Version = 'sendconfirmation' | 'sendconfirmationv2';

interface Answer {
  record: ReservationRecord;
  agencyId: string;
  status: 'E' | 'H';
  note: string | null;
  reasonIndex: number;
  pmsUser: string | null;
}

function validate(state: ServiceState, query: Query, action: string): Answer {
  const keyField = query.required('keyField');
  const agencyId = parseGuid(query.required('agencyId'), action);
  checkPartner(query, state.words.hotelParameter, state.config.partnerId, true);
  const statusText = query.required('confirmationStatus').trim().toUpperCase();
  if (statusText !== 'E' && statusText !== 'H') {
    throw new ServiceError(
      'InvalidStatus',
      `confirmationStatus must be E (confirmed) or H (not confirmed), not '${statusText}'.`,
      outOfRangeText('confirmationStatus', statusText),
    );
  }
  const note = query.raw('confirmationNote');
  if (note !== null && [...note].length > NOTE_LIMIT) {
    throw new ServiceError(
      'NoteTooLong',
      `confirmationNote is ${[...note].length} characters; at most ${NOTE_LIMIT} are allowed.`,
      // Worded like the reference's one sample of a refused value (code 12).
      argumentText(
        `The note can be at most ${NOTE_LIMIT} characters. The actual value is ${[...note].length}.`,
        'confirmationNote',
      ),
    );
  }
  let reasonIndex = -1;
  if (statusText === 'H') {
    const reasonId = parseGuid(query.required('notconfirmationNote'), action);
    reasonIndex = state.world.messageIds.indexOf(reasonId);
    if (reasonIndex < 0)
      throw new ServiceError(
        'UnknownMessage',
        `notconfirmationNote ${reasonId} is not one of the not-confirm messages.`,
      );
  }
  const found = state.world.find(keyField);
  if (!found || state.world.agencyIds[found.agencyIndex] !== agencyId) {
    throw new ServiceError(
      'UnknownKeyField',
      `No reservation with KeyField '${keyField}' for agency ${agencyId}.`,
    );
  }
  if (found.confirmationStatus !== 'W') {
    // S and G reservations were dealt with outside the exchange: the hotel cannot answer them here.
    const what =
      found.confirmationStatus === 'E' || found.confirmationStatus === 'H'
        ? 'was already answered'
        : 'was dealt with elsewhere';
    throw new ServiceError(
      'NotWaiting',
      `Reservation '${keyField}' ${what} (status ${found.confirmationStatus}); only waiting reservations can be answered.`,
    );
  }
  return { record: found, agencyId, status: statusText, note, reasonIndex, pmsUser: query.get('pmsUser') };
}

async function voucherUrl(state: ServiceState, answer: Answer): Promise<string> {
  const item = answer.record;
  const agency = AGENCIES[item.agencyIndex];
  const dialect = agency?.dialect ?? 0;
  const pdf = await renderVoucher(
    {
      hotelName: HOTEL.name,
      status: answer.status,
      confirmationNo: item.confirmationNo,
      reason: NOT_CONFIRM_REASONS[answer.reasonIndex]?.tr ?? '',
      note: answer.note ?? '',
      keyField: item.keyField,
      voucherNo: item.voucherNo,
      agencyName: agency?.name ?? '',
      checkIn: item.checkIn,
      checkOut: item.checkOut,
      nights: daysBetween(item.checkIn, item.checkOut),
      room: `${item.roomCount} x ${ROOMS[item.roomIndex]?.names[dialect] ?? ''} (${ROOM_TYPES[item.roomTypeIndex]?.names[dialect] ?? ''})`,
      board: BOARDS[item.boardIndex]?.names[dialect] ?? '',
      guests: item.guests.map((guest) => `${guest.name} (${guest.title})`),
      pmsUser: answer.pmsUser ?? '',
      issuedAt: hotelDateTime(state.config.now()),
    },
    state.config.fontDir,
    state.config.now(),
  );
  return `${state.voucherBaseUrl}${voucherPath(state.vouchers.store(pdf))}`;
}

function confirmation(operation: Version) {
  return async ({ state, query, format }: OperationRequest): Promise<Reply> => {
    const answer = validate(
      state,
      query,
      operation === 'sendconfirmation' ? 'SendConfirmation' : 'SendConfirmationV2',
    );
    const reason = NOT_CONFIRM_REASONS[answer.reasonIndex]?.tr ?? '';
    state.world.answer(answer.record, answer.status, answer.note ?? (answer.status === 'H' ? reason : ''));
    state.world.confirmations.push({
      operation,
      keyField: answer.record.keyField,
      logId: answer.record.logId,
      pmsStatus: answer.record.pmsStatus,
      agencyId: answer.agencyId,
      partnerId: state.config.partnerId,
      confirmationStatus: answer.status,
      confirmationNote: answer.note,
      notconfirmationNote:
        answer.reasonIndex >= 0 ? (state.world.messageIds[answer.reasonIndex] ?? null) : null,
      pmsUser: answer.pmsUser,
      hotelParameter: state.words.hotelParameter,
      hotelParametersSent: query.present(HOTEL_PARAMETERS),
      at: hotelDateTime(state.config.now()),
    });
    const fields = { KeyField: answer.record.keyField, Status: answer.status };
    const item =
      operation === 'sendconfirmationv2'
        ? record('SendConfirmation', { ...fields, PdfUrl: await voucherUrl(state, answer) })
        : record('SendConfirmation', fields);
    return successReply(format, state.shape, 'SendConfirmation', [item], state.shape.info.done);
  };
}

export const sendConfirmationOperation: Operation = {
  method: 'GET',
  path: '/api/pax/sendconfirmation',
  itemType: 'SendConfirmation',
  auth: 'token',
  handle: confirmation('sendconfirmation'),
};

export const sendConfirmationV2Operation: Operation = {
  method: 'GET',
  path: '/api/pax/sendconfirmationv2',
  itemType: 'SendConfirmation',
  auth: 'token',
  handle: confirmation('sendconfirmationv2'),
};
