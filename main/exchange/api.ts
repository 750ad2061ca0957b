// The exchange client: one typed function per operation of the service (spec/exchange-service.md).
import { createHttp } from './http';
import { createSession } from './session';
import { createTransport, webAddress } from './transport';
import { decodeItem, decodeItems, serviceError } from './answer';
import { readReservation } from './unreadable';
import { DIALECTS, dialects, otherDialect, type Dialect } from './dialect';
import {
  decodeAgency,
  decodeConfirmation,
  decodeFileCode,
  decodeFileUrl,
  decodeHotels,
  decodeNotConfirmMessage,
  decodeSentId,
  decodeStayCodes,
  hasFileCode,
} from './decode-setup';
import { decodeReservationStream, defaultBatchSize, type OnBatch } from './reservation-file';
import { readDocument } from './document';
import type { WireObject } from './wire-value';
import {
  InvalidRequestError,
  MalformedResponseError,
  ServiceError,
  UnconfirmedAnswerError,
  safeExcerpt,
} from './errors';
import { waitForFile, type FileCheck } from './file-polling';
import type { CalendarDate, Reservation } from '../../shared/domain';
import { teeText } from './tee-text';
import type {
  ExchangeClient,
  ExchangeClientOptions,
  ReservationListResult,
  ReservationQuery,
  StreamFileOptions,
} from './client-types';

export type * from './client-types';

export const NOTE_MAX_LENGTH = 500;

/** 'YYYY-MM-DD' → 'MM.dd.yyyy' by slicing: a calendar date never goes through a time zone. */
export function serviceDate(date: CalendarDate, field: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new InvalidRequestError(field, 'must be a date written YYYY-MM-DD');
  return `${match[2]}.${match[3]}.${match[1]}`;
}

export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  const baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const format = options.format ?? 'json';
  const http = createHttp({
    dispatcher: options.dispatcher,
    timeouts: options.timeouts,
    limits: options.limits,
    retries: options.retries,
    logger: options.logger,
    sleep: options.sleep,
    onResponse: options.onResponse,
  });
  const session = createSession({
    http,
    baseUrl,
    user: options.user,
    getPassword: options.getPassword,
    token: options.token,
  });
  const transport = createTransport({ http, session, baseUrl, format, onAnswerText: options.onAnswerText });
  const partnerId = String(options.partnerId);
  // The hotel number under every dialect's parameter name: each service reads its own and ignores the
  // other (ASP.NET binds only the parameters an action declares), so no request depends on knowing the
  // dialect first.
  const hotel = Object.fromEntries(DIALECTS.map((d) => [dialects[d].hotelParameter, partnerId]));
  // Only the mapping operation's path differs by dialect; which one answers is learnt on first use.
  let dialect: Dialect | null = options.dialect ?? null;
  const learn = (d: Dialect) => {
    if (dialect === d) return;
    dialect = d;
    options.onDialect?.(d);
  };

  const getReservationList = async (query: ReservationQuery): Promise<ReservationListResult> => {
    const operation = 'reservation list';
    const answer = await transport.pms({
      operation,
      path: 'api/pax/getReservationList',
      query: {
        checkInStart: serviceDate(query.checkInStart, 'checkInStart'),
        checkInEnd: serviceDate(query.checkInEnd, 'checkInEnd'),
        ...hotel,
        agencyId: query.agencyId,
        status: query.status,
        IsSendRequired: query.isSendRequired === undefined ? undefined : String(query.isSendRequired),
      },
      retry: true,
      signal: query.signal,
    });
    const first = answer.items[0];
    if (first !== undefined && hasFileCode(first))
      return { kind: 'file', fileCode: decodeItem(first, decodeFileCode, 'a file code', operation) };
    const reservations: Reservation[] = [];
    for (const item of answer.items) {
      const reservation = readReservation(item, operation, query.onUnreadable);
      if (reservation) reservations.push(reservation);
    }
    return { kind: 'list', reservations };
  };

  const checkReservationFile = async (fileCode: string, signal?: AbortSignal): Promise<FileCheck> => {
    const operation = 'reservation file check';
    const answer = await transport.pms({
      operation,
      path: 'api/Pax/checkreservationfile',
      query: { fileCode },
      retry: true,
      acceptFailure: true,
      signal,
    });
    const first = answer.items[0];
    if (!answer.parts.isSuccessful) {
      // "Not ready" is IsSuccessful false with nothing in Error; anything in Error is a real refusal.
      const { errorCode, errorMessage, infoMessage } = answer.parts;
      if (
        (errorCode === '' && errorMessage === '') ||
        /not ready|hazır değil/i.test(`${errorMessage} ${infoMessage}`)
      )
        return { ready: false };
      throw serviceError(answer.parts, operation, null, session.secrets());
    }
    if (first === undefined) return { ready: false };
    const fileUrl = decodeItem(first, decodeFileUrl, 'a file address', operation);
    webAddress(fileUrl, operation);
    return { ready: true, fileUrl };
  };

  const streamReservationFile = async (
    fileUrl: string,
    onBatch: OnBatch,
    streamOptions: StreamFileOptions = {},
  ) => {
    const operation = 'reservation file download';
    return transport.openWithToken(
      operation,
      webAddress(fileUrl, operation),
      async (res) => {
        if (res.status < 200 || res.status >= 300) {
          await res.body.dump().catch(() => undefined);
          throw new ServiceError(`HTTP ${res.status}`, '', operation, res.status);
        }
        const sample = options.onAnswerText;
        const body = sample
          ? teeText(res.guarded(), (text) => sample(operation, text), res.contentType, operation)
          : res.guarded();
        return decodeReservationStream(body, onBatch, {
          ...streamOptions,
          operation,
          secrets: session.secrets(),
          contentType: res.contentType,
        });
      },
      streamOptions.signal,
    );
  };

  return {
    login: () => session.login(),

    async getHotelAgencies() {
      const operation = 'agency list';
      const answer = await transport.pms({ operation, path: 'api/pax/gethotelagencies', retry: true });
      return decodeItems(answer.items, decodeAgency, 'an agency', operation);
    },

    async getNotConfirmMessages(lang) {
      const operation = 'not-confirm reasons';
      const answer = await transport.pms({
        operation,
        path: 'api/pax/getnotconfirmmessages',
        query: { ...hotel, langId: lang },
        retry: true,
      });
      return decodeItems(
        answer.items,
        (item) => decodeNotConfirmMessage(item, lang),
        'a not-confirm reason',
        operation,
      );
    },

    async getStayForMapping(agencyId) {
      const operation = 'stay codes';
      const ask = (d: Dialect) =>
        transport.pms({
          operation,
          path: dialects[d].mappingPath,
          query: { ...hotel, agencyId },
          retry: true,
        });
      const first = dialect ?? 'spec';
      let answer;
      try {
        answer = await ask(first);
        learn(first);
      } catch (error) {
        // A service of the other dialect has no action at this path: ASP.NET answers 404. A service that
        // answers 404 to both is missing something else, and the first failure is the one to report.
        if (!(error instanceof ServiceError) || error.httpStatus !== 404) throw error;
        try {
          answer = await ask(otherDialect(first));
        } catch {
          throw error;
        }
        learn(otherDialect(first));
      }
      return decodeItems(
        answer.items,
        (item) => decodeStayCodes(item, agencyId),
        'stay codes',
        operation,
      ).flat();
    },

    dialect: () => dialect,

    getReservationList,
    checkReservationFile,
    streamReservationFile,

    async fetchReservations(query, onBatch, fetchOptions = {}) {
      const batchSize = Math.max(1, fetchOptions.batchSize ?? options.batchSize ?? defaultBatchSize);
      const signal = fetchOptions.signal ?? query.signal;
      const onUnreadable = fetchOptions.onUnreadable ?? query.onUnreadable;
      const first = await getReservationList({ ...query, signal, onUnreadable });
      if (first.kind === 'list') {
        for (let at = 0; at < first.reservations.length; at += batchSize)
          await onBatch(first.reservations.slice(at, at + batchSize));
        return { count: first.reservations.length, source: 'list' };
      }
      const fileUrl = await waitForFile(
        () => checkReservationFile(first.fileCode, signal),
        fetchOptions.pollFile,
        options.sleep,
        signal,
      );
      const { count } = await streamReservationFile(fileUrl, onBatch, { batchSize, signal, onUnreadable });
      return { count, source: 'file' };
    },

    async postSentLogIds(serviceId, logIds) {
      if (logIds.length === 0) return [];
      if (!logIds.every((id) => Number.isSafeInteger(id)))
        throw new InvalidRequestError('logIds', 'must be whole numbers');
      const operation = 'acknowledgement';
      const ids = logIds.join(',');
      const answer = await transport.pms({
        operation,
        method: 'POST',
        path: 'api/Pax/postsentlogids',
        query: { serviceId },
        // The spec's sample names the property logId and its table logIds: both are sent.
        body: JSON.stringify({ logId: ids, logIds: ids }),
        retry: false,
      });
      return decodeItems(answer.items, decodeSentId, 'an acknowledged id', operation);
    },

    async sendConfirmation(request) {
      const operation = request.status === 'E' ? 'confirmation' : 'decline';
      if (request.status !== 'E' && request.status !== 'H')
        throw new InvalidRequestError('status', 'must be E or H');
      if (!request.keyField) throw new InvalidRequestError('keyField', 'is required');
      if (request.note !== undefined && request.note.length > NOTE_MAX_LENGTH)
        throw new InvalidRequestError('note', `must be at most ${NOTE_MAX_LENGTH} characters`);
      if (request.status === 'H' && !request.reasonId?.trim())
        throw new InvalidRequestError('reasonId', 'is required to decline a reservation');
      const asked = { keyField: request.keyField, status: request.status };
      const answer = await transport.pms({
        operation,
        // As the live service's production client does: v2 (which answers the voucher PDF) to confirm,
        // the first operation to decline; nothing public shows a decline sent through v2.
        path: request.status === 'E' ? 'api/pax/sendconfirmationv2' : 'api/pax/sendconfirmation',
        query: {
          keyField: request.keyField,
          agencyId: request.agencyId,
          ...hotel,
          confirmationStatus: request.status,
          confirmationNote: request.note || undefined,
          notconfirmationNote: request.status === 'H' ? request.reasonId : undefined,
          pmsUser: request.pmsUser || undefined,
        },
        retry: false,
        signal: request.signal,
      });
      // Only an answer that echoes what was asked is a delivery (the production client requires the
      // status back before it marks anything); an empty Data or another KeyField is not.
      const first = answer.items[0];
      if (first === undefined)
        throw new UnconfirmedAnswerError(asked, { keyField: null, status: null }, operation);
      const result = decodeItem(first, decodeConfirmation, 'a confirmation', operation);
      if (result.keyField !== request.keyField || result.status.toUpperCase() !== request.status)
        throw new UnconfirmedAnswerError(
          asked,
          { keyField: result.keyField, status: result.status },
          operation,
        );
      return { keyField: result.keyField, status: request.status, pdfUrl: result.pdfUrl };
    },

    downloadFile: async (url, destinationPath, downloadOptions = {}) =>
      transport.downloadVoucher(webAddress(url, 'voucher download'), destinationPath, downloadOptions.signal),

    async searchHotels(name) {
      const operation = 'hotel search';
      const text = await transport.bearerJson(operation, 'v1/search/hotels', { name });
      let fields: WireObject;
      try {
        ({ fields } = readDocument(text).summary);
      } catch {
        throw new MalformedResponseError('a hotel list', safeExcerpt(text, session.secrets()), operation);
      }
      return decodeItem(fields, () => decodeHotels(fields), 'a hotel list', operation);
    },

    redact: (text) => session.secrets().reduce((out, secret) => out.split(secret).join('[token]'), text),

    sessionToken: () => session.current(),

    close: () => http.close(),
  };
}
