// The store as one object over one connection: what the core, the sync engine, the CLI and the export
// use. Each method is a thin binding of a module function; the SQL stays in those modules.
import type { Database } from 'better-sqlite3';
import type {
  SetAsideCounts,
  ActivityEntry,
  Agency,
  CheckedReservation,
  DecisionView,
  InboxCounts,
  InboxPage,
  InboxRow,
  HotelCode,
  KnownReservation,
  MappingCopy,
  MappingView,
  MarkEnteredResult,
  NotConfirmMessage,
  PmsEntryView,
  Reservation,
  ServiceLanguage,
  StayCode,
  StayCodeKind,
  StopSaleCodeKind,
  StopSaleEntry,
  ToEnterPage,
  UiLanguage,
  UnreadableReservation,
  VersionView,
  WaitingTally,
} from '../../shared/domain';
import { openDatabase, type OpenOptions } from './db';
import { importBatch, type ImportOptions, type ImportResult } from './reservations';
import { getReservation, currentChangeKind, waitingCount, waitingReceivedBefore } from './reservations-read';
import {
  confirmStoredOnDisk,
  markAcknowledged,
  pendingAcknowledgements,
  type PendingAcknowledgement,
} from './acknowledgements';
import { assertDatabaseFile } from './db-identity';
import { takeBackup, type TakeBackupOptions, type TakenBackup } from './backup-take';
import { inboxCounts, inboxPage, problemCandidates, type InboxFilter, type InboxQuery } from './inbox';
import { versionViews } from './history';
import { listAgencies, replaceAgencies, findAgency } from './agencies';
import { findNotConfirmMessage, listNotConfirmMessages, replaceNotConfirmMessages } from './messages';
import { listStayCodes, replaceStayCodes } from './stay-codes';
import {
  copyMappings,
  hasUnmappedCodes,
  hotelCodeFor,
  mappedCodesFor,
  mappingView,
  setMapping,
  unmappedCodesFor,
  type ChannelCode,
  type MappingChange,
  type MappingCopyRequest,
} from './mappings';
import { addHotelCode, findHotelCode, listHotelCodes, type NewHotelCode } from './hotel-codes';
import {
  decisionFor,
  decisionRecordFor,
  decisionStates,
  enqueueDecision,
  markDecisionSending,
  attachVoucher,
  retryDecision,
  markDecisionDeferred,
  markDecisionFailed,
  markDecisionForReview,
  markDecisionHeld,
  markDecisionSent,
  nextDecisionsToSend,
  nextSendAfter,
  sendDecisionNow,
  undoDecision,
  queuedDecisionCount,
  resolveReview,
  type DecisionRecord,
  type NewDecision,
} from './decisions';
import { addActivity, listActivity, type NewActivity } from './activity';
import { getSetting, setSetting } from './settings';
import { listToEnter, markEntered, pmsEntryOf, type MarkRequest } from './pms-entry';
import {
  exportCounts,
  openExportRows,
  type ExportCounts,
  type ExportGuestRow,
  type ExportRows,
  type ExportSelection,
} from './export-rows';
import {
  listUnreadable,
  openSetAsideCounts,
  openUnreadableCount,
  recordUnreadable,
  type UnreadableRecord,
} from './unreadable';
import {
  addStopSale,
  listStopSales,
  removeStopSale,
  stopSaleHotelCodes,
  type NewStopSale,
} from './stop-sales';
import { checkSettings, setMenOnly, type StoredCheckSettings } from './check-settings';
import {
  reconcileDays,
  undecidedReservations,
  type ReconcileDayRow,
  type UndecidedRow,
} from './reconcile-input';
import { compactWal } from './wal-policy';
import {
  checkReference,
  checkedReservations,
  checksInput,
  waitingReservations,
  type CheckReference,
  type ChecksInput,
} from './checks-input';
import { checkLookups, refreshCheckKeys, sharedVouchers, type StoredCheckKeys } from './check-keys';
import type { CheckLookupAnswers, CheckLookups, StayRow } from './check-lookups';

export { DECISION_REFUSALS, DecisionRefused, type DecisionRefusal } from './decisions';
export { HotelCodeTaken } from './hotel-codes';
export { DatabaseFileChangedError, DatabaseTooNewError, NotResdeskDatabaseError } from './db';
export { DatabaseDamagedError } from './db';
export type { OpenOptions } from './db';
export type { ImportResult, InboxFilter, InboxQuery, DecisionRecord, PendingAcknowledgement };
export type { MarkRequest, ExportCounts, ExportGuestRow, ExportRows, ExportSelection, UnreadableRecord };
export type { NewStopSale, StoredCheckSettings, ChecksInput, StayRow, StoredCheckKeys };
export type { CheckLookupAnswers, CheckLookups, CheckReference };

export class Store {
  constructor(readonly db: Database) {}

  static open(file: string, options?: OpenOptions): Store {
    return new Store(openDatabase(file, undefined, options));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** A checked copy of this database in each folder (VACUUM INTO: the sync may go on writing meanwhile). */
  backup(options: TakeBackupOptions): TakenBackup {
    return takeBackup(this.db, options);
  }

  /** The database file (':memory:' for one in memory): what another thread opens its own connection to. */
  get file(): string {
    return this.db.name;
  }

  /** Per check-in day of the window: undecided and settled reservations (a bounded reconcile's input). */
  reconcileDays(from: string, to: string): ReconcileDayRow[] {
    return reconcileDays(this.db, from, to);
  }

  /** The undecided reservations of a check-in range (a bounded reconcile looks for them in the waiting list). */
  undecidedReservations(from: string, to: string): UndecidedRow[] {
    return undecidedReservations(this.db, from, to);
  }

  /** After a big import: the write-ahead log back into the database and emptied (wal-policy.ts). */
  compactWal(): void {
    compactWal(this.db);
  }

  // reservations
  importBatch(items: readonly Reservation[], receivedAt: string, options?: ImportOptions): ImportResult {
    return importBatch(this.db, items, receivedAt, options);
  }
  getReservation(keyField: string): Reservation | null {
    return getReservation(this.db, keyField);
  }
  changeKind(keyField: string) {
    return currentChangeKind(this.db, keyField);
  }
  versions(keyField: string): VersionView[] {
    return versionViews(this.db, keyField);
  }
  waitingCount(): WaitingTally {
    return waitingCount(this.db);
  }
  waitingReceivedBefore(isoInstant: string): number {
    return waitingReceivedBefore(this.db, isoInstant);
  }

  // reservations that could not be read: kept aside, never acknowledged
  recordUnreadable(items: readonly UnreadableReservation[], at: string): void {
    recordUnreadable(this.db, items, at);
  }
  listUnreadable(): UnreadableRecord[] {
    return listUnreadable(this.db);
  }
  openUnreadableCount(): number {
    return openUnreadableCount(this.db);
  }
  openSetAsideCounts(): SetAsideCounts {
    return openSetAsideCounts(this.db);
  }

  // acknowledgements
  pendingAcknowledgements(): PendingAcknowledgement[] {
    return pendingAcknowledgements(this.db);
  }
  markAcknowledged(serviceId: string, logIds: readonly number[]): void {
    markAcknowledged(this.db, serviceId, logIds);
  }
  /** Throws DatabaseFileChangedError when the file at this store's path is not the one it writes to. */
  checkDatabaseFile(): void {
    assertDatabaseFile(this.db);
  }
  /** Throws DatabaseFileChangedError unless the file on disk holds these LogIds (before reporting them). */
  confirmStoredOnDisk(logIds: readonly number[]): void {
    confirmStoredOnDisk(this.db, logIds);
  }

  // inbox: rows are enriched with decision state and unmapped-code flags, for one page only
  /** problemKeys: the checks' answer for a filter with hasProblem (see FilterOptions.problemKeys). */
  inboxPage(query: InboxQuery, problemKeys?: readonly string[]): InboxPage {
    return inboxPage(this.db, query, (rows) => this.enrich(rows), problemKeys);
  }
  inboxCounts(filter: InboxFilter, problemKeys?: readonly string[]): InboxCounts {
    return inboxCounts(this.db, filter, problemKeys);
  }
  /** Reservations waiting for an answer (not cancellations): what "has a problem" checks. */
  problemCandidates(): string[] {
    return problemCandidates(this.db);
  }
  private enrich(rows: InboxRow[]): InboxRow[] {
    const keys = rows.map((r) => r.keyField);
    const states = decisionStates(this.db, keys);
    const unmapped = hasUnmappedCodes(this.db, keys);
    return rows.map((r) => ({
      ...r,
      decision: states.get(r.keyField) ?? 'none',
      hasUnmappedCodes: unmapped.has(r.keyField),
    }));
  }

  // reference data
  replaceAgencies(agencies: readonly Agency[]): void {
    replaceAgencies(this.db, agencies);
  }
  listAgencies(): Agency[] {
    return listAgencies(this.db);
  }
  findAgency(id: string): Agency | null {
    return findAgency(this.db, id);
  }
  replaceNotConfirmMessages(lang: ServiceLanguage, messages: readonly NotConfirmMessage[]): void {
    replaceNotConfirmMessages(this.db, lang, [...messages]);
  }
  listNotConfirmMessages(lang: ServiceLanguage): NotConfirmMessage[] {
    return listNotConfirmMessages(this.db, lang);
  }
  findNotConfirmMessage(id: string, lang?: ServiceLanguage): NotConfirmMessage | null {
    return findNotConfirmMessage(this.db, id, lang);
  }
  replaceStayCodes(agencyId: string, codes: readonly StayCode[]): void {
    replaceStayCodes(this.db, agencyId, codes);
  }
  listStayCodes(agencyId: string, kind?: StayCodeKind): StayCode[] {
    return listStayCodes(this.db, agencyId, kind);
  }

  // mappings
  setMapping(change: MappingChange): void {
    setMapping(this.db, change);
  }
  hotelCodeFor(agencyId: string, kind: StayCodeKind, channelCode: string): string | null {
    return hotelCodeFor(this.db, agencyId, kind, channelCode);
  }
  mappingView(agencyId: string, include?: readonly ChannelCode[]): MappingView {
    return mappingView(this.db, agencyId, include);
  }
  copyMappings(request: MappingCopyRequest): MappingCopy['copied'] {
    return copyMappings(this.db, request);
  }
  listHotelCodes(): HotelCode[] {
    return listHotelCodes(this.db);
  }
  findHotelCode(kind: StayCodeKind, code: string): HotelCode | null {
    return findHotelCode(this.db, kind, code);
  }
  /** Throws HotelCodeTaken when the list already has the code in any case. */
  addHotelCode(code: NewHotelCode): HotelCode {
    return addHotelCode(this.db, code);
  }
  mappedCodesFor(keyField: string) {
    return mappedCodesFor(this.db, keyField);
  }
  unmappedCodesFor(keyField: string) {
    return unmappedCodesFor(this.db, keyField);
  }

  // decisions outbox
  /** With `activity`, its entry is written in the same transaction as the decision. */
  enqueueDecision(decision: NewDecision, activity?: NewActivity): DecisionRecord {
    return enqueueDecision(this.db, decision, activity);
  }
  markSending(id: number): boolean {
    return markDecisionSending(this.db, id);
  }
  attachVoucher(id: number, pdfPath: string): void {
    attachVoucher(this.db, id, pdfPath);
  }
  retryDecision(id: number): boolean {
    return retryDecision(this.db, id);
  }
  nextDecisionsToSend(nowIso?: string): DecisionRecord[] {
    return nextDecisionsToSend(this.db, nowIso);
  }
  nextSendAfter(): string | null {
    return nextSendAfter(this.db);
  }
  undoDecision(keyField: string): void {
    undoDecision(this.db, keyField);
  }
  sendDecisionNow(keyField: string): boolean {
    return sendDecisionNow(this.db, keyField);
  }
  markSent(
    id: number,
    result: { sentAt: string; pdfPath: string | null; confirmationNo?: string | null },
  ): void {
    markDecisionSent(this.db, id, result);
  }
  markFailed(id: number, error: string, outcomeUnknown: boolean): void {
    markDecisionFailed(this.db, id, error, outcomeUnknown);
  }
  markDeferred(id: number, error: string, outcomeUnknown: boolean): void {
    markDecisionDeferred(this.db, id, error, outcomeUnknown);
  }
  markForReview(id: number): void {
    markDecisionForReview(this.db, id);
  }
  markHeld(id: number, error: string): void {
    markDecisionHeld(this.db, id, error);
  }
  resolveReview(id: number, action: 'send' | 'discard'): DecisionView | null {
    return resolveReview(this.db, id, action);
  }
  decisionFor(keyField: string): DecisionView | null {
    return decisionFor(this.db, keyField);
  }
  decisionRecordFor(keyField: string): DecisionRecord | null {
    return decisionRecordFor(this.db, keyField);
  }
  queuedDecisionCount(): number {
    return queuedDecisionCount(this.db);
  }

  // activity and settings
  addActivity(entry: NewActivity): number {
    return addActivity(this.db, entry);
  }
  listActivity(offset: number, limit: number, language?: UiLanguage): ActivityEntry[] {
    return listActivity(this.db, offset, limit, language);
  }
  getSetting<T>(key: string, fallback: T): T {
    return getSetting(this.db, key, fallback);
  }
  setSetting(key: string, value: unknown): void {
    setSetting(this.db, key, value);
  }

  // PMS entry and export
  listToEnter(offset: number, limit: number): ToEnterPage {
    return listToEnter(this.db, offset, limit);
  }
  pmsEntryOf(keyField: string): PmsEntryView | null {
    return pmsEntryOf(this.db, keyField);
  }
  markEntered(requests: readonly MarkRequest[], user: string, at: string): MarkEnteredResult {
    return markEntered(this.db, requests, user, at);
  }
  exportCounts(selection: ExportSelection): ExportCounts {
    return exportCounts(this.db, selection);
  }
  /** The rows of an export, on a read-only connection of their own so the sync can go on meanwhile. */
  openExportRows(selection: ExportSelection): ExportRows {
    return openExportRows(this.db, selection);
  }
  // pre-confirm checks: their inputs, the hotel's stop-sale dates and the family-policy setting
  addStopSale(entry: NewStopSale): StopSaleEntry {
    return addStopSale(this.db, entry);
  }
  listStopSales(): StopSaleEntry[] {
    return listStopSales(this.db);
  }
  removeStopSale(id: number, user: string, at: string): StopSaleEntry | null {
    return removeStopSale(this.db, id, user, at);
  }
  stopSaleHotelCodes(): Record<StopSaleCodeKind, string[]> {
    return stopSaleHotelCodes(this.db);
  }
  checkSettings(): StoredCheckSettings {
    return checkSettings(this.db);
  }
  setMenOnly(menOnly: boolean, user: string, at: string): StoredCheckSettings {
    return setMenOnly(this.db, menOnly, user, at);
  }
  /** Everything a full rebuild indexes, every reservation read from the table as it is walked. */
  checksInput(): ChecksInput {
    return checksInput(this.db);
  }
  /** The small tables the checks index whole: room limits, mappings, stop-sales. */
  checkReference(): CheckReference {
    return checkReference(this.db);
  }
  /** The given reservations as the checks look at them (one page of the inbox, a bulk selection). */
  checkedReservations(keyFields: readonly string[]): Map<string, CheckedReservation> {
    return checkedReservations(this.db, keyFields);
  }
  /** Keys the reservations changed since the last call (any writer marks them): see check-keys.ts. */
  refreshCheckKeys(keysOf: (r: KnownReservation) => StoredCheckKeys): number {
    return refreshCheckKeys(this.db, keysOf);
  }
  /** The checks' questions about other reservations (who holds a voucher, a guest's earlier stay). */
  checkLookups(lookups: CheckLookups): CheckLookupAnswers {
    return checkLookups(this.db, lookups);
  }
  /** Waiting reservations (not cancellations) as the checks look at them, in one scan. */
  waitingReservations(): CheckedReservation[] {
    return waitingReservations(this.db);
  }
  sharedVouchers(): { agencyId: string; voucher: string }[] {
    return sharedVouchers(this.db);
  }
}
