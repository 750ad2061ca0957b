// The connection check a hotel can run on day one (`resdesk probe`, and the Setup screen's test): logs in
// and runs every read operation the desk needs, without acknowledging or confirming anything, and says per
// operation whether it worked, its HTTP status and time, how many items came, and which fields or values
// nobody expected. It also tells which dialect the service speaks and whether JSON works beside XML.
import {
  createExchangeClient,
  isExchangeError,
  readDocument,
  ServiceError,
  type Dialect,
  type ExchangeClient,
  type ExchangeClientOptions,
  type ResponseSeen,
  type UnreadableItem,
  type WireValue,
} from '../exchange';
import { isWireObject } from '../exchange';
import type { CalendarDate, Reservation, ServiceLanguage, WireFormat } from '../../shared/domain';
import { isConfirmationStatus, isKnownPmsStatus } from '../../shared/domain';
import { isKnownField, knownFields } from './known-fields';

export type ProbeOperation =
  | 'login'
  | 'agencies'
  | 'reasons-tr'
  | 'reasons-en'
  | 'stay-codes'
  | 'reservations'
  | 'reservation-file'
  | 'json';

export interface ProbeStep {
  operation: ProbeOperation;
  /** The agency asked about (stay codes only). */
  agencyId?: string;
  ok: boolean;
  /** The last HTTP status this step saw; null when no answer came. */
  httpStatus: number | null;
  ms: number;
  items: number | null;
  unknownFields: string[];
  unknownValues: string[];
  /** What went wrong, in plain English (the typed kind says which kind of problem). */
  error: string | null;
  errorKind: string | null;
  /** The service's own error code, when it refused. */
  errorCode: string | null;
}

export interface ProbeReport {
  /** Everything a desk needs worked. */
  ok: boolean;
  /** Origin only: a service address never carries anything secret, but its query could. */
  service: string;
  partnerId: number;
  format: WireFormat;
  dialect: Dialect | null;
  /** Whether the same reads work in JSON (asked only when probing XML and `tryJson`). */
  jsonWorks: boolean | null;
  agencies: number;
  /** Listed reservations that could not be read (they would be set aside, not acknowledged). */
  unreadable: number;
  steps: ProbeStep[];
}

export interface ProbeOptions {
  serviceUrl: string;
  user: string;
  partnerId: number;
  format: WireFormat;
  getPassword: () => Promise<string>;
  /** The small reservation window to read. */
  window: { checkInStart: CalendarDate; checkInEnd: CalendarDate };
  /** Also try JSON when probing XML (default true). */
  tryJson?: boolean;
  /** Receives every answer's text, per step, blanked by `redact` (the sample a hotel may send). */
  onSample?: (operation: ProbeOperation, text: string) => void;
  /** The sentence for a failure (the desk's language); default: the error's own English message. */
  describe?: (error: unknown) => string;
  /** Extra client options (timeouts, retries) for a quick check. */
  client?: Pick<ExchangeClientOptions, 'timeouts' | 'retries' | 'dispatcher'>;
}

const origin = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/** Field names of an item not in `known`, each as `where.Field`. */
function unknownFieldsOf(item: WireValue, known: ReadonlySet<string>, where: string, out: Set<string>): void {
  if (!isWireObject(item)) return;
  for (const name of Object.keys(item)) if (!isKnownField(known, name)) out.add(`${where}.${name}`);
}

function reservationOddities(reservations: readonly Reservation[], fields: Set<string>, values: Set<string>) {
  for (const r of reservations) {
    unknownFieldsOf(r.raw as WireValue, knownFields.reservation, 'Reservation', fields);
    const customers = r.raw.Customers;
    if (isWireObject(customers as WireValue) || Array.isArray(customers))
      for (const guest of Object.values(customers as object).flat() as WireValue[])
        unknownFieldsOf(guest, knownFields.guest, 'Customer', fields);
    if (!isConfirmationStatus(r.confirmationStatus)) values.add(`ConfirmationStatus=${r.confirmationStatus}`);
    if (!isKnownPmsStatus(r.pmsStatus)) values.add(`PmsStatus=${r.pmsStatus}`);
  }
}

/** The codes of one collection: a list in JSON, an object holding the list in XML (`<StayBoards><StayCode>`). */
const stayCodesIn = (collection: WireValue): WireValue[] =>
  Array.isArray(collection)
    ? collection
    : isWireObject(collection)
      ? Object.values(collection).flatMap((v) => (Array.isArray(v) ? v : [v]))
      : [];

/** Items of a small answer's text, for the field check (the client has already decoded them). */
function answerItems(text: string): WireValue[] {
  try {
    return readDocument(text).items;
  } catch {
    return [];
  }
}

// The answers whose fields are checked from their text. The reservations' fields are checked on the decoded
// reservations, so a large list or file is not kept: a file of hundreds of megabytes would pass V8's string limit.
const READ_BACK: ReadonlySet<string> = new Set(['agency list', 'not-confirm reasons', 'stay codes']);

export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const seen: ResponseSeen[] = [];
  const texts = new Map<string, string>();
  let sampleFor: ProbeOperation = 'login';
  const password = await options.getPassword();
  let client: ExchangeClient | null = null;
  const make = (format: WireFormat, dialect?: Dialect) =>
    createExchangeClient({
      ...options.client,
      baseUrl: options.serviceUrl,
      user: options.user,
      partnerId: options.partnerId,
      format,
      dialect,
      getPassword: async () => password,
      onResponse: (r) => seen.push(r),
      onAnswerText: (operation, text) => {
        if (READ_BACK.has(operation)) texts.set(operation, (texts.get(operation) ?? '') + text);
        options.onSample?.(sampleFor, redact(text));
      },
    });
  const redact = (text: string): string => {
    let out = client ? client.redact(text) : text;
    if (password.length >= 3) out = out.split(password).join('[password]');
    return out;
  };

  const report: ProbeReport = {
    ok: false,
    service: origin(options.serviceUrl),
    partnerId: options.partnerId,
    format: options.format,
    dialect: null,
    jsonWorks: null,
    agencies: 0,
    unreadable: 0,
    steps: [],
  };

  const step = async (
    operation: ProbeOperation,
    run: (fields: Set<string>, values: Set<string>) => Promise<number | null>,
    agencyId?: string,
  ): Promise<boolean> => {
    sampleFor = operation;
    const from = seen.length;
    const started = Date.now();
    const fields = new Set<string>();
    const values = new Set<string>();
    const result: ProbeStep = {
      operation,
      ...(agencyId ? { agencyId } : {}),
      ok: false,
      httpStatus: null,
      ms: 0,
      items: null,
      unknownFields: [],
      unknownValues: [],
      error: null,
      errorKind: null,
      errorCode: null,
    };
    try {
      result.items = await run(fields, values);
      result.ok = true;
    } catch (error) {
      result.error = options.describe
        ? options.describe(error)
        : error instanceof Error
          ? error.message
          : String(error);
      result.errorKind = isExchangeError(error) ? error.kind : 'other';
      result.errorCode = error instanceof ServiceError ? error.code : null;
    }
    result.ms = Date.now() - started;
    result.httpStatus = seen.slice(from).at(-1)?.status ?? null;
    result.unknownFields = [...fields].sort();
    result.unknownValues = [...values].sort();
    report.steps.push(result);
    return result.ok;
  };

  client = make(options.format);
  const c = client;
  try {
    const loggedIn = await step('login', async () => {
      await c.login();
      return null;
    });
    if (!loggedIn) return report;
    let agencyIds: string[] = [];
    await step('agencies', async (fields) => {
      const agencies = await c.getHotelAgencies();
      for (const item of answerItems(texts.get('agency list') ?? ''))
        unknownFieldsOf(item, knownFields.agency, 'Agency', fields);
      agencyIds = agencies.map((a) => a.id);
      report.agencies = agencies.length;
      return agencies.length;
    });
    for (const [operation, lang] of [
      ['reasons-tr', 'tr-TR'],
      ['reasons-en', 'en-US'],
    ] as const satisfies readonly (readonly [ProbeOperation, ServiceLanguage])[]) {
      texts.delete('not-confirm reasons');
      await step(operation, async (fields) => {
        const reasons = await c.getNotConfirmMessages(lang);
        for (const item of answerItems(texts.get('not-confirm reasons') ?? ''))
          unknownFieldsOf(item, knownFields.reason, 'NotConfirmMessage', fields);
        return reasons.length;
      });
    }
    for (const agencyId of agencyIds) {
      texts.delete('stay codes');
      await step(
        'stay-codes',
        async (fields) => {
          const codes = await c.getStayForMapping(agencyId);
          for (const item of answerItems(texts.get('stay codes') ?? '')) {
            unknownFieldsOf(item, knownFields.stayCodes, 'StayCodes', fields);
            if (isWireObject(item))
              for (const element of Object.values(item).flatMap(stayCodesIn))
                unknownFieldsOf(element, knownFields.stayCode, 'StayCode', fields);
          }
          return codes.length;
        },
        agencyId,
      );
      report.dialect = c.dialect();
    }

    const unreadable: UnreadableItem[] = [];
    let fileCode: string | null = null;
    await step('reservations', async (fields, values) => {
      const first = await c.getReservationList({
        ...options.window,
        isSendRequired: false,
        onUnreadable: (item) => unreadable.push(item),
      });
      if (first.kind === 'file') {
        fileCode = first.fileCode;
        return null;
      }
      reservationOddities(first.reservations, fields, values);
      return first.reservations.length;
    });
    if (fileCode !== null) {
      const code: string = fileCode;
      await step('reservation-file', async (fields, values) => {
        let url: string | null = null;
        for (let tries = 0; tries < 60 && url === null; tries++) {
          const check = await c.checkReservationFile(code);
          if (check.ready) url = check.fileUrl;
          else await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        if (url === null) throw new Error('The reservation file was not ready after a minute.');
        const { count } = await c.streamReservationFile(
          url,
          async (batch) => reservationOddities(batch, fields, values),
          { onUnreadable: (item) => unreadable.push(item) },
        );
        return count;
      });
    }
    report.unreadable = unreadable.length;

    if (options.format === 'xml' && options.tryJson !== false) {
      const json = make('json', c.dialect() ?? undefined);
      try {
        report.jsonWorks = await step('json', async () => {
          await json.login();
          const agencies = await json.getHotelAgencies();
          const list = await json.getReservationList({ ...options.window, isSendRequired: false });
          return agencies.length + (list.kind === 'list' ? list.reservations.length : 0);
        });
      } finally {
        await json.close();
      }
    }
  } finally {
    await c.close();
  }
  // What a desk cannot work without; JSON beside XML is a bonus, not a need.
  // The dialect is learnt from the mapping operation, which needs an agency to ask about.
  report.ok =
    report.steps.every((s) => s.ok || s.operation === 'json') &&
    (report.dialect !== null || report.agencies === 0);
  return report;
}
