// The practice-only control API under /_sandbox/ (no token): make reservations arrive, change or be
// cancelled, inspect what the desk did, inject faults, switch the reservation-file shape, and spoil the
// next reservation answer with an oddity.
import { parseIsoDate } from './calendar';
import { parseJsonObject } from './body';
import type { FaultRequest } from './faults';
import { jsonValue } from './encode-json';
import { CONTENT_TYPE, jsonReply, type Reply } from './reply';
import type { ReservationRecord } from './reservation';
import { reservationItem } from './reservation-wire';
import { hotelIdentity, type ServiceState } from './state';
import type { ArrivalRequest } from './generator';
import { parseOddity } from './oddities';
import type { ArrivalIdentity, VersionReceipt } from './world-records';

const MAX_COUNT = 5000;

const failure = (status: number, code: string, message: string): Reply =>
  jsonReply(status, { error: { code, message } });

class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const optionalString = (input: Record<string, unknown>, name: string): string | undefined => {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ControlError(400, 'InvalidBody', `${name} must be a string`);
  return value;
};

const optionalInteger = (
  input: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
): number | undefined => {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ControlError(400, 'InvalidBody', `${name} must be an integer from ${min} to ${max}`);
  }
  return value;
};

const optionalDate = (input: Record<string, unknown>, name: string): string | undefined => {
  const text = optionalString(input, name);
  if (text === undefined) return undefined;
  const date = parseIsoDate(text);
  if (date === null) throw new ControlError(400, 'InvalidDate', `${name} must be a date YYYY-MM-DD`);
  return date;
};

const ARRIVAL_STATUSES = ['W', 'S', 'G'] as const;

function arrivalStatus(input: Record<string, unknown>): ArrivalRequest['confirmationStatus'] {
  const value = input.confirmationStatus;
  if (value === undefined || value === null) return undefined;
  const status = ARRIVAL_STATUSES.find((allowed) => allowed === value);
  if (!status) throw new ControlError(400, 'InvalidBody', "confirmationStatus must be 'W', 'S' or 'G'");
  return status;
}

/** The identity oddities an arrival may ask for: another reservation's LogId, another hotel's number. */
function arrivalIdentity(state: ServiceState, input: Record<string, unknown>): ArrivalIdentity {
  const identity: ArrivalIdentity = {};
  const logIdOf = optionalString(input, 'logIdOf');
  if (logIdOf !== undefined) {
    const record = state.world.find(logIdOf);
    if (!record) throw new ControlError(404, 'UnknownKeyField', `no reservation ${logIdOf}`);
    const service = input.serviceId ?? 'same';
    if (service !== 'same' && service !== 'other')
      throw new ControlError(400, 'InvalidBody', "serviceId must be 'same' or 'other'");
    identity.logIdOf = { record, service };
  } else if (input.serviceId !== undefined) {
    throw new ControlError(400, 'InvalidBody', 'serviceId goes with logIdOf');
  }
  const hotelNumber = optionalInteger(input, 'hotelNumber', 1, 999_999_999);
  if (hotelNumber !== undefined) identity.hotelNumber = hotelNumber;
  return identity;
}

function arrive(state: ServiceState, input: Record<string, unknown>): VersionReceipt[] {
  const agencyText = optionalString(input, 'agencyId');
  const agencyIndex = agencyText === undefined ? undefined : state.world.agencyIndexOf(agencyText);
  if (agencyIndex !== undefined && agencyIndex < 0)
    throw new ControlError(400, 'UnknownAgency', `no agency ${agencyText}`);
  const request: ArrivalRequest = {
    checkIn: optionalDate(input, 'checkIn'),
    agencyIndex,
    leadGuest: optionalString(input, 'leadGuest'),
    note: optionalString(input, 'note'),
    roomCount: optionalInteger(input, 'roomCount', 1, 9),
    confirmationStatus: arrivalStatus(input),
    pmsStatus: optionalInteger(input, 'pmsStatus', 0, 99),
  };
  const count = optionalInteger(input, 'count', 1, MAX_COUNT) ?? 1;
  const identity = arrivalIdentity(state, input);
  return Array.from({ length: count }, () => state.world.arrive(request, false, identity));
}

function targets(state: ServiceState, input: Record<string, unknown>): ReservationRecord[] {
  const keyField = optionalString(input, 'keyField');
  if (keyField === undefined)
    return state.world.pickActive(optionalInteger(input, 'count', 1, MAX_COUNT) ?? 1);
  const found = state.world.find(keyField);
  if (!found) throw new ControlError(404, 'UnknownKeyField', `no reservation ${keyField}`);
  if (found.pmsStatus === 3) throw new ControlError(409, 'Cancelled', `reservation ${keyField} is cancelled`);
  return [found];
}

function change(state: ServiceState, input: Record<string, unknown>): VersionReceipt[] {
  const checkOut = optionalDate(input, 'checkOut');
  const keepLogId = input.keepLogId ?? false;
  if (typeof keepLogId !== 'boolean')
    throw new ControlError(400, 'InvalidBody', 'keepLogId must be true or false');
  const chosen = targets(state, input);
  if (checkOut !== undefined && chosen.some((item) => checkOut <= item.checkIn)) {
    throw new ControlError(400, 'InvalidDate', 'checkOut must be after the check-in');
  }
  return chosen.map((item) => state.world.change(item, checkOut, keepLogId ? 'control' : false));
}

function snapshot(state: ServiceState): unknown {
  return {
    dialect: state.config.dialect,
    voucherUrl: state.voucherBaseUrl,
    acknowledged: [...state.world.acknowledged.values()],
    acknowledgedTimes: [...state.world.acknowledged.entries()].map(([key, a]) => ({
      logId: a.logId,
      serviceId: a.serviceId,
      times: state.world.acknowledgedTimes.get(key) ?? 0,
    })),
    confirmations: state.world.confirmations,
    requests: state.requests,
    voucherRequests: state.voucherRequests,
    oddities: {
      enabled: state.config.oddities.size > 0,
      kinds: [...state.config.oddities],
      ...state.oddities.snapshot(),
      identities: state.world.ids.log,
      charsets: state.charsets.delivered,
    },
    reservations: state.world.size,
  };
}

function oddities(state: ServiceState, method: string, input: Record<string, unknown>): Reply {
  if (method === 'POST') {
    const oddity = parseOddity(input);
    if (typeof oddity === 'string') return failure(400, 'InvalidBody', oddity);
    state.oddities.add(oddity);
  }
  if (method === 'DELETE') state.oddities.clear();
  return jsonReply(200, { oddities: state.oddities.snapshot() });
}

function addFault(state: ServiceState, input: Record<string, unknown>): Reply {
  const added = state.faults.add(input as FaultRequest);
  if (typeof added === 'string') return failure(400, 'InvalidFault', added);
  return jsonReply(200, { faults: state.faults.list() });
}

function route(state: ServiceState, method: string, rawPath: string, input: Record<string, unknown>): Reply {
  // Operation names are case-insensitive like the rest of the service; a keyField keeps its case.
  const path = rawPath.toLowerCase().startsWith('reservations/')
    ? `reservations/${rawPath.slice(13)}`
    : rawPath.toLowerCase();
  const receipts = (list: VersionReceipt[]): Reply => jsonReply(200, { reservations: list });
  if (method === 'POST' && path === 'arrive') return receipts(arrive(state, input));
  if (method === 'POST' && path === 'change') return receipts(change(state, input));
  if (method === 'POST' && path === 'cancel')
    return receipts(targets(state, input).map((item) => state.world.cancel(item)));
  if (method === 'POST' && path === 'settle') {
    const status = ['E', 'H', 'S', 'G'].find((allowed) => allowed === input.status);
    if (status !== 'E' && status !== 'H' && status !== 'S' && status !== 'G')
      return failure(400, 'InvalidBody', "status must be 'E', 'H', 'S' or 'G'");
    const chosen = targets(state, input);
    for (const item of chosen) state.world.settleElsewhere(item, status);
    return receipts(chosen.map(({ keyField, logId }) => ({ keyField, logId })));
  }
  if (method === 'POST' && path === 'evolve') {
    // What the evolve timer does, `times` steps at once: tests need not wait for a timer.
    const times = optionalInteger(input, 'times', 1, 1000) ?? 1;
    return receipts(Array.from({ length: times }, () => state.world.evolve()).flat());
  }
  if (method === 'GET' && path === 'state') return jsonReply(200, snapshot(state));
  if (method === 'POST' && path === 'faults') return addFault(state, input);
  if (method === 'GET' && path === 'faults') return jsonReply(200, { faults: state.faults.list() });
  if (method === 'DELETE' && path === 'faults') {
    state.faults.clear();
    return jsonReply(200, { faults: [] });
  }
  if (path === 'oddities' && ['GET', 'POST', 'DELETE'].includes(method))
    return oddities(state, method, input);
  if (method === 'POST' && path === 'file-shape') {
    if (input.shape !== 'envelope' && input.shape !== 'list')
      return failure(400, 'InvalidBody', "shape must be 'envelope' or 'list'");
    state.files.shape = input.shape;
    return jsonReply(200, { shape: state.files.shape });
  }
  if (method === 'GET' && path.startsWith('reservations/')) {
    const found = state.world.find(decodeURIComponent(path.slice('reservations/'.length)));
    if (!found) return failure(404, 'UnknownKeyField', 'no such reservation');
    return {
      status: 200,
      contentType: CONTENT_TYPE.json,
      body: jsonValue(reservationItem(found, hotelIdentity(state))),
    };
  }
  return failure(404, 'NotFound', `no control operation ${method} /_sandbox/${path}`);
}

/** Handles /_sandbox/<path> (path already stripped of the prefix and query; keyFields keep their case). */
export function handleControl(state: ServiceState, method: string, path: string, body: Buffer): Reply {
  const input = parseJsonObject(body);
  if (input === null) return failure(400, 'InvalidBody', 'the body must be a JSON object');
  try {
    return route(state, method, path, input);
  } catch (error) {
    if (error instanceof ControlError) return failure(error.status, error.code, error.message);
    if (error instanceof URIError)
      return failure(400, 'InvalidPath', 'the keyField is not correctly URL-encoded');
    throw error;
  }
}
