// Every request the renderer may send main, as the schema main validates it with (ipc.ts pairs each with its result).
import { z } from 'zod';
import {
  ALL_AGENCIES,
  NOTE_MAX,
  ANSWER_GRACE_MAX_SECONDS,
  MAX_CONTRACT_CODE,
  MAX_CONTRACT_NOTE,
  MAX_CONTRACT_ROOMS,
  MAX_HOTEL_CODE,
  MAX_STOP_SALE_NOTE,
  MAX_RELEASE_DAYS,
  MAX_RATE_CURRENCIES,
  type ExportRequest,
  type InboxFilter,
} from './domain';
import { POLL_INTERVAL_MAX_SECONDS, POLL_INTERVAL_MIN_SECONDS } from './poll-interval';
import { isMonth, isRealDate } from './calendar';
import { isServiceUrl } from './service-url';
import type { InvalidReason } from './ipc-refusals';

/** The code a schema gives as its message (typed, so only a known code fits). */
const because = (reason: InvalidReason): InvalidReason => reason;

// ---------- shared pieces of requests ----------

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, because('date-format'));
const keyField = z.string().min(1).max(500);
const note = z.string().max(NOTE_MAX, because('note-too-long')).optional();
const serviceUrl = z.string().trim().max(500).refine(isServiceUrl, because('service-url'));
const stayCodeKind = z.enum(['room', 'roomType', 'board', 'nationality']);
/** An agency the service sent: never ALL_AGENCIES, which only the store's all-agencies mappings use. */
const mappingAgencyId = z
  .string()
  .min(1)
  .max(100)
  .refine((id) => id !== ALL_AGENCIES);
const channelCode = z.string().min(1).max(100);
/** A day that exists (2026-02-30 is refused), written YYYY-MM-DD. */
const realDate = calendarDate.refine(isRealDate, because('date-exists'));
const status = z.enum(['W', 'E', 'H', 'other']);
const changeKind = z.enum(['new', 'changed', 'cancelled']);
const empty = z.object({}).strict();
const productionWindow = z
  .object({
    from: z.string().refine(isMonth, because('date-format')),
    months: z.number().int().min(1).max(24),
  })
  .strict();

export { NOTE_MAX };
/** The longest reminder delay the settings offer, in minutes (a whole day). */
export const REMIND_MAX_MINUTES = 24 * 60;

export const inboxFilterSchema = z
  .object({
    statuses: z.array(status).max(4).optional(),
    kinds: z.array(changeKind).max(3).optional(),
    agencyId: z.string().max(100).optional(),
    checkInFrom: realDate.optional(),
    checkInTo: realDate.optional(),
    search: z.string().max(200).optional(),
    /** "Received today": from local midnight to the next, as ISO instants. */
    receivedFrom: z.iso.datetime().optional(),
    receivedTo: z.iso.datetime().optional(),
    hasProblem: z.boolean().optional(),
  })
  .strict() satisfies z.ZodType<InboxFilter>;

const connectionSchema = z
  .object({
    serviceUrl,
    user: z.string().trim().min(1, because('user-required')).max(200),
    /** Absent: use the password already saved in the keychain. */
    password: z.string().min(1).max(500).optional(),
    partnerId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    format: z.enum(['json', 'xml']),
  })
  .strict();

// ---------- PMS entry and CSV export ----------

const exportKind = z.enum(['reservations', 'guests', 'arrivals']);

/**
 * What to export. scope: 'to-enter' (default) what the PMS still lacks; 'all'; 'range' check-in from..to;
 * 'filter' the inbox filter. kind 'arrivals' takes the day in `date` and ignores scope (every live
 * reservation arriving that day). delimiter / dateFormat default by UI language (tr: ';' dd.MM.yyyy,
 * en: ',' yyyy-MM-dd).
 */
export const exportRequestSchema = z
  .object({
    kind: exportKind,
    scope: z.enum(['to-enter', 'all', 'range', 'filter']).optional(),
    from: realDate.optional(),
    to: realDate.optional(),
    date: realDate.optional(),
    filter: inboxFilterSchema.optional(),
    delimiter: z.enum([';', ',']).optional(),
    dateFormat: z.enum(['dd.MM.yyyy', 'yyyy-MM-dd']).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.kind === 'arrivals' && r.date === undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: because('arrivals-day') });
    if (r.kind !== 'arrivals' && r.scope === 'range' && (r.from === undefined || r.to === undefined))
      ctx.addIssue({ code: 'custom', path: ['from'], message: because('range-both') });
    if (r.from !== undefined && r.to !== undefined && r.from > r.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: because('range-order') });
    if (r.kind !== 'arrivals' && r.scope === 'filter' && r.filter === undefined)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: because('export-filter') });
  }) satisfies z.ZodType<ExportRequest>;

const pmsVersionRef = z
  .object({
    keyField,
    /** The version the receptionist typed in (from listToEnter or an export): a newer one is refused. */
    logId: z.number().int().nonnegative(),
    pmsReference: z.string().trim().max(100).optional(),
  })
  .strict();

// ---------- request schemas ----------

export const requestSchemas = {
  getSetup: empty,
  saveSetup: connectionSchema,
  testConnection: connectionSchema,
  searchHotels: z
    .object({
      serviceUrl,
      user: z.string().trim().min(1, because('user-required')).max(200),
      password: z.string().max(500).optional(),
      query: z.string().trim().min(1).max(100),
    })
    .strict(),
  startPracticeMode: empty,
  leavePracticeMode: empty,
  setLanguage: z.object({ language: z.enum(['tr', 'en']) }).strict(),
  setDeskUser: z.object({ name: z.string().trim().min(1, because('desk-user-required')).max(100) }).strict(),
  getNotificationSettings: empty,
  /** Only the fields given change: the tray menu may have changed the others meanwhile. */
  saveNotificationSettings: z
    .object({
      sound: z.boolean().optional(),
      remindAfterMinutes: z
        .number()
        .int(because('remind-whole-minutes'))
        .min(0, because('remind-not-negative'))
        .max(REMIND_MAX_MINUTES, because('remind-at-most-day'))
        .optional(),
      startAtLogin: z.boolean().optional(),
    })
    .strict(),

  listReservations: z
    .object({
      filter: inboxFilterSchema,
      sort: z.enum(['checkIn', 'arrival']),
      direction: z.enum(['asc', 'desc']),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(500),
    })
    .strict(),
  inboxCounts: z.object({ filter: inboxFilterSchema }).strict(),
  getReservation: z.object({ keyField }).strict(),

  confirm: z.object({ keyField, note }).strict(),
  decline: z.object({ keyField, reasonId: z.string().min(1).max(100) }).strict(),
  confirmMany: z.object({ keyFields: z.array(keyField).min(1).max(1000), note }).strict(),
  retryDecision: z.object({ keyField }).strict(),
  /** Takes back an answer that has not left yet (its grace period, or queued while offline). */
  undoDecision: z.object({ keyField }).strict(),
  undoMany: z.object({ keyFields: z.array(keyField).min(1).max(1000) }).strict(),
  /** Ends an answer's grace period: it goes out at once. */
  sendDecisionNow: z.object({ keyField }).strict(),
  getAnswerSettings: empty,
  saveAnswerSettings: z
    .object({ graceSeconds: z.number().int().min(0).max(ANSWER_GRACE_MAX_SECONDS) })
    .strict(),
  /** How often the desk polls the service (Settings → Sync). */
  getPollSettings: empty,
  savePollSettings: z
    .object({
      intervalSeconds: z.number().int().min(POLL_INTERVAL_MIN_SECONDS).max(POLL_INTERVAL_MAX_SECONDS),
    })
    .strict(),
  resolveReview: z.object({ keyField, action: z.enum(['send', 'discard']) }).strict(),
  openVoucher: z.object({ keyField }).strict(),
  listDeclineReasons: z.object({ language: z.enum(['tr', 'en']) }).strict(),

  listAgencies: empty,
  getMapping: z
    .object({
      agencyId: mappingAgencyId,
      /** A code to list even when the agency neither lists nor uses it live (the code a screen opens on). */
      include: z.object({ kind: stayCodeKind, channelCode }).strict().optional(),
    })
    .strict(),
  setMapping: z
    .object({
      agencyId: mappingAgencyId,
      kind: stayCodeKind,
      channelCode,
      /** One of the hotel's codes (any case); a code not in the hotel's list is refused. Empty removes. */
      hotelCode: z.string().trim().max(100),
      /** Map it once for all agencies (and drop this agency's own mapping of it). */
      forAllAgencies: z.boolean().optional(),
    })
    .strict(),
  /** Fills the agency's unmapped codes with another agency's own mappings of them. */
  copyMappings: z.object({ agencyId: mappingAgencyId, fromAgencyId: mappingAgencyId }).strict(),
  /** Adds a code to the hotel's list; one already there in any case is refused. */
  addHotelCode: z
    .object({
      kind: stayCodeKind,
      code: z.string().trim().min(1, because('hotel-code-required')).max(100),
      name: z.string().trim().max(200),
    })
    .strict(),

  getStatus: empty,
  syncNow: empty,
  /** Safe mode: read without acknowledging, answer only after re-reading the current version. */
  setSafeMode: z.object({ on: z.boolean() }).strict(),
  listActivity: z
    .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) })
    .strict(),

  listToEnter: z
    .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) })
    .strict(),
  getPmsEntry: z.object({ keyField }).strict(),
  markEntered: z.object({ reservations: z.array(pmsVersionRef).min(1).max(100_000) }).strict(),
  previewExport: exportRequestSchema,
  exportCsv: exportRequestSchema,
  openExport: z.object({ path: z.string().min(1).max(1000) }).strict(),

  // pre-confirm checks: the checks of a selection (bulk confirm), stop-sale dates, the family policy
  getChecks: z.object({ keyFields: z.array(keyField).min(1).max(1000) }).strict(),
  listStopSales: empty,
  addStopSale: z
    .object({
      codeKind: z.enum(['roomType', 'room']),
      hotelCode: z.string().trim().min(1, because('stop-sale-code')).max(MAX_HOTEL_CODE),
      from: realDate,
      to: realDate,
      note: z.string().trim().max(MAX_STOP_SALE_NOTE).optional(),
    })
    .strict()
    .refine((r) => r.to >= r.from, { path: ['to'], message: because('stop-sale-order') }),
  removeStopSale: z.object({ id: z.number().int().positive() }).strict(),
  /** Writes the stop-sale's notice for one operator in its language and marks it sent today. */
  sendStopSaleNotice: z
    .object({
      stopSaleId: z.number().int().positive(),
      agencyId: z.string().min(1).max(100),
      language: z.enum(['tr', 'en', 'de']),
    })
    .strict(),
  /** The operator confirmed the stop-sale (ticked by hand), or the tick is taken back. */
  confirmStopSale: z
    .object({
      stopSaleId: z.number().int().positive(),
      agencyId: z.string().min(1).max(100),
      confirmed: z.boolean(),
    })
    .strict(),

  // the operators' contracts and their allotments (the Allotments screen)
  listContracts: empty,
  /** A new contract, or (with an id) a change of one; refusals come back as problems, nothing written. */
  saveContract: z
    .object({
      id: z.number().int().positive().optional(),
      agencyId: z.string().trim().min(1).max(MAX_CONTRACT_CODE),
      roomType: z.string().trim().min(1).max(MAX_CONTRACT_CODE),
      from: realDate,
      to: realDate,
      rooms: z.number().int().min(0).max(MAX_CONTRACT_ROOMS),
      weekdayRooms: z.array(z.number().int().min(0).max(MAX_CONTRACT_ROOMS)).length(7).nullable(),
      kind: z.enum(['guaranteed', 'normal']),
      releaseDays: z.number().int().min(0).max(MAX_RELEASE_DAYS),
      note: z.string().trim().max(MAX_CONTRACT_NOTE),
    })
    .strict(),
  removeContract: z.object({ id: z.number().int().positive() }).strict(),
  /** The calendar: `nights` nights from `from`. */
  getAllotment: z.object({ from: realDate, nights: z.number().int().min(1).max(62) }).strict(),
  /** Each operator's production: `months` months from the month `from` ('YYYY-MM'). */
  getProduction: productionWindow,
  /** The production as CSV in the exports folder. */
  exportProduction: productionWindow,
  /** The hotel's currency and its rates; refusals come back as problems, nothing written. */
  saveRates: z
    .object({
      hotelCurrency: z.string().trim().max(3),
      rates: z
        .record(z.string().max(3), z.number())
        .refine((rates) => Object.keys(rates).length <= MAX_RATE_CURRENCIES),
    })
    .strict(),
  getCheckSettings: empty,
  saveCheckSettings: z.object({ menOnly: z.boolean() }).strict(),

  // backups (Settings → Backups): the copies, what a restore loses, the restore itself, a second folder
  listBackups: empty,
  backupNow: empty,
  /** A file from listBackups; any other path is refused. */
  previewRestore: z.object({ file: z.string().min(1).max(1000) }).strict(),
  restoreBackup: z.object({ file: z.string().min(1).max(1000) }).strict(),
  /** An existing folder (a USB disk, a network share); empty: none. */
  setBackupFolder: z.object({ folder: z.string().trim().max(1000) }).strict(),

  // several desks on one database (Settings → Several desks)
  getSeveralDesks: empty,
  /** Starts the hotel's database on this PC (the first time: creates it) and makes it this desk's choice. */
  keepHotelDatabase: empty,
  /** A connection code or a postgres:// URL; saved only after the database answered SELECT 1. */
  connectHotelDatabase: z
    .object({ code: z.string().trim().min(1, because('hotel-db-input-required')).max(2000) })
    .strict(),

  // who is answering a reservation on the hotel's shared database: a notice, not a lock
  /** The answer form of this reservation opened (true: also every 30 s while open) or closed (false). */
  answering: z.object({ keyField, open: z.boolean() }).strict(),
  getAnswering: z.object({ keyField }).strict(),

  // the desk itself (Settings → This desk): version, updates, an unclean stop, diagnostics, a window error
  getAboutDesk: empty,
  checkForUpdates: empty,
  /** Installs a downloaded update once no answer is held or being sent (the desk restarts). */
  installUpdate: empty,
  saveDiagnostics: empty,
  /** The window's error boundary caught an error: main writes it to the (redacted) log. */
  reportRendererError: z
    .object({
      message: z.string().max(2000),
      stack: z.string().max(8000).optional(),
      componentStack: z.string().max(8000).optional(),
    })
    .strict(),
} as const;
