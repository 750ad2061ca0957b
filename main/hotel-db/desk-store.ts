// The whole desk store on the hotel's shared PostgreSQL database: every DeskStore method, running the
// same operations SQLite runs (main/store/*Ops), reads on a pooled connection and each write in its own
// transaction (HotelStore). What only the desk talking to the service may write goes through the lease's fence
// (FencedStore): handing a decision out for sending and recording its outcome, and claiming and recording the
// LogIds it reports (docs/architecture.md, "Exactly-once sending"). The sync engine calls the same methods on
// either engine; here they become the claim and record steps, so push.ts and pull.ts need no second path.
import type pg from 'pg';
import type {
  InboxPage,
  KnownReservation,
  Reservation,
  UiLanguage,
  UnreadableReservation,
} from '../../shared/domain';
import type { DeskStore } from '../store/engines/desk-store';
import type { Op } from '../store/engines/op';
import { acknowledgementClaimOps } from '../store/acknowledgement-claims';
import type { PendingAcknowledgement } from '../store/acknowledgements';
import { activityOps, type NewActivity } from '../store/activity';
import { agencyOps } from '../store/agencies';
import { checkKeyOps, type StoredCheckKeys } from '../store/check-keys';
import { checkLookupOps, type CheckLookups } from '../store/check-lookups';
import { checkSettingOps } from '../store/check-settings';
import { checkInputOps } from '../store/checks-input';
import { decisionClaimOps } from '../store/decision-claims';
import { decisionOps, type DecisionOutcome, type NewDecision } from '../store/decisions';
import { historyOps } from '../store/history';
import { exportOps, type ExportRows, type ExportSelection } from '../store/export-rows';
import { inboxOps, type InboxFilter, type InboxQuery } from '../store/inbox';
import { inboxScreenOps } from '../store/inbox-screen';
import { mappingViewOps, type ChannelCode, type MappingCopyRequest } from '../store/mappings';
import { declineReasonOps } from '../store/messages';
import { pmsEntryOps, type MarkRequest } from '../store/pms-entry';
import { reconcileInputOps } from '../store/reconcile-input';
import { readingOps } from '../store/reservations-read';
import { importOps, type ImportOptions } from '../store/reservations';
import { stayCodeOps } from '../store/stay-codes';
import { unreadableOps } from '../store/unreadable';
import { FencedStore } from './fenced';
import type { LeaseToken } from './lease';
import { migrateHotelDb } from './migrate';
import { unavailableOr } from './reach';
import { HotelStore } from './store';

export interface HotelDeskStoreOptions {
  /** This desk's id, sent with every change so the desk can skip its own echo. */
  origin: string;
  /** The lease's token while this desk talks to the service; null while another desk does. */
  fence: () => LeaseToken | null;
  /**
   * How long a decision's claim for sending keeps every other request away from it: longer than the request's own
   * deadline (main/sync/push.ts claimHoldMs), so the claim outlives every request it guards.
   */
  claimHoldMs: number;
}

/** A write only the desk talking to the service may make, asked of a desk that does not (or no longer) hold it. */
export class NotTalkingToService extends Error {
  constructor() {
    super(
      'This desk is not the one talking to the service now; the PC that is sends the answers and reports.',
    );
    this.name = 'NotTalkingToService';
  }
}

export class HotelDeskStore extends HotelStore implements DeskStore {
  /** A database server has no file of this desk's: no file checks, no WAL. */
  readonly localFile = null;
  private readonly fenced: FencedStore;
  /** LogIds this desk claimed for reporting and has not recorded: handed back before the next claim. */
  private claimedLogIds: number[] = [];

  protected constructor(
    pool: pg.Pool,
    origin: string,
    private readonly fence: () => LeaseToken | null,
    private readonly claimHoldMs: number,
  ) {
    super(pool, origin);
    this.fenced = new FencedStore(pool, origin);
  }

  /** Migrates the database to this Resdesk's schema (once, whichever desks start together), then opens it. */
  static async openDesk(pool: pg.Pool, options: HotelDeskStoreOptions): Promise<HotelDeskStore> {
    await migrateHotelDb(pool);
    return new HotelDeskStore(pool, options.origin, options.fence, options.claimHoldMs);
  }

  private holder(): LeaseToken {
    const token = this.fence();
    if (!token) throw new NotTalkingToService();
    return token;
  }

  private async writeFenced<T>(op: (generation: number) => Op<T>): Promise<T> {
    const token = this.holder();
    try {
      return await this.fenced.write(token, op(token.generation));
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  // the bounded reconcile's input
  reconcileDays = (from: string, to: string) => this.read(reconcileInputOps.days(from, to));
  undecidedReservations = (from: string, to: string) => this.read(reconcileInputOps.undecided(from, to));

  // reservations
  importBatch = (items: readonly Reservation[], receivedAt: string, options?: ImportOptions) =>
    this.write(importOps.batch(items, receivedAt, options));
  getReservation = (keyField: string) => this.read(readingOps.reservation(keyField));
  changeKind = (keyField: string) => this.read(readingOps.changeKind(keyField));
  versions = (keyField: string) => this.read(historyOps.versionViews(keyField));
  waitingCount = () => this.read(readingOps.waitingCount());
  waitingReceivedBefore = (isoInstant: string) => this.read(readingOps.waitingReceivedBefore(isoInstant));

  // reservations that could not be read
  recordUnreadable = async (items: readonly UnreadableReservation[], at: string): Promise<void> => {
    await this.write(unreadableOps.record(items, at));
  };
  listUnreadable = () => this.read(unreadableOps.list());
  openUnreadableCount = () => this.read(unreadableOps.openCount());
  openSetAsideCounts = () => this.read(unreadableOps.openCountsByReason());

  /**
   * The LogIds to report, claimed for this desk's lease generation in chunks of at most 1000 of one service. What
   * an earlier round claimed and did not record (its report failed) is handed back first and claimed again.
   */
  pendingAcknowledgements = async (): Promise<PendingAcknowledgement[]> => {
    if (this.claimedLogIds.length > 0) {
      const stale = this.claimedLogIds;
      await this.writeFenced((g) => acknowledgementClaimOps.release(stale, g));
      this.claimedLogIds = [];
    }
    const chunks: PendingAcknowledgement[] = [];
    for (;;) {
      const chunk = await this.writeFenced((g) => acknowledgementClaimOps.claim(g));
      if (!chunk) break;
      this.claimedLogIds.push(...chunk.logIds);
      chunks.push({ serviceId: chunk.serviceId, logIds: chunk.logIds });
    }
    return chunks;
  };
  /** Only after the service accepted them; recorded only while this desk still holds its claim and the lease. */
  markAcknowledged = async (serviceId: string, logIds: readonly number[]): Promise<void> => {
    const at = new Date().toISOString();
    await this.writeFenced((g) => acknowledgementClaimOps.record({ serviceId, logIds }, g, at));
    const done = new Set(logIds);
    this.claimedLogIds = this.claimedLogIds.filter((id) => !done.has(id));
  };

  // inbox: a page with its total and its marks, in one snapshot (as SQLite reads it in one transaction)
  inboxPage = (query: InboxQuery, problemKeys?: readonly string[]): Promise<InboxPage> =>
    this.snapshot(inboxScreenOps.page(query, problemKeys));
  inboxCounts = (filter: InboxFilter, problemKeys?: readonly string[]) =>
    this.read(inboxOps.counts(filter, problemKeys));
  problemCandidates = () => this.read(inboxOps.problemCandidates());

  // reference data
  replaceAgencies = async (...a: Parameters<typeof agencyOps.replace>): Promise<void> => {
    await this.write(agencyOps.replace(...a));
  };
  listAgencies = () => this.read(agencyOps.list());
  findAgency = (id: string) => this.read(agencyOps.find(id));
  replaceNotConfirmMessages = async (...a: Parameters<typeof declineReasonOps.replace>): Promise<void> => {
    await this.write(declineReasonOps.replace(...a));
  };
  listNotConfirmMessages = (...a: Parameters<typeof declineReasonOps.list>) =>
    this.read(declineReasonOps.list(...a));
  findNotConfirmMessage = (...a: Parameters<typeof declineReasonOps.find>) =>
    this.read(declineReasonOps.find(...a));
  replaceStayCodes = async (...a: Parameters<typeof stayCodeOps.replace>): Promise<void> => {
    await this.write(stayCodeOps.replace(...a));
  };
  listStayCodes = (...a: Parameters<typeof stayCodeOps.list>) => this.read(stayCodeOps.list(...a));

  // mappings
  mappingView = (agencyId: string, include: readonly ChannelCode[] = []) =>
    this.read(mappingViewOps.view(agencyId, include));
  copyMappings = (request: MappingCopyRequest) => this.write(mappingViewOps.copy(request));
  mappedCodesFor = (keyField: string) => this.read(mappingViewOps.codesOf(keyField));
  unmappedCodesFor = (keyField: string) => this.read(mappingViewOps.unmappedOf(keyField));

  // decisions: any desk queues, takes back and reviews; only the desk talking to the service sends
  enqueueDecision = (decision: NewDecision, activity?: NewActivity) =>
    this.write(decisionOps.enqueue(decision, activity));
  /**
   * Claims the decision for this desk's lease generation until its request's deadline has passed; false when it is
   * no longer there to send or another request (of any desk, this one's included) may still carry it.
   */
  markSending = async (id: number): Promise<boolean> =>
    (await this.writeFenced((g) => decisionClaimOps.claim(id, g, this.claimHoldMs))) !== null;
  attachVoucher = async (id: number, pdfPath: string): Promise<void> => {
    await this.write(decisionOps.attachVoucher(id, pdfPath));
  };
  retryDecision = (id: number) => this.write(decisionOps.retry(id));
  /** Due, and no request may still carry it: an answer claimed by a desk that died waits out its claim's deadline. */
  nextDecisionsToSend = (nowIso?: string) =>
    this.read(decisionClaimOps.due(nowIso ?? new Date().toISOString()));
  nextSendAfter = () => this.read(decisionOps.nextSendAfter());
  undoDecision = async (keyField: string): Promise<void> => {
    await this.write(decisionOps.undo(keyField));
  };
  sendDecisionNow = (keyField: string) => this.write(decisionOps.sendNow(keyField));

  /**
   * Records an attempt's outcome under the fence: claimed first unless this generation holds the claim already
   * (the push records some outcomes, an answer found on the service, without sending), then recorded.
   */
  private async recordOutcome(id: number, outcome: DecisionOutcome): Promise<void> {
    await this.writeFenced((g) => decisionClaimOps.recordFound(id, g, outcome));
  }
  markSent = (
    id: number,
    result: { sentAt: string; pdfPath: string | null; confirmationNo?: string | null },
  ) => this.recordOutcome(id, { kind: 'sent', ...result });
  markFailed = (id: number, error: string, outcomeUnknown: boolean) =>
    this.recordOutcome(id, { kind: 'failed', error, outcomeUnknown });
  markDeferred = (id: number, error: string, outcomeUnknown: boolean) =>
    this.recordOutcome(id, { kind: 'deferred', error, outcomeUnknown });
  markHeld = (id: number, error: string) => this.recordOutcome(id, { kind: 'held', error });
  markForReview = async (id: number): Promise<void> => {
    await this.write(decisionOps.markForReview(id));
  };
  resolveReview = (id: number, action: 'send' | 'discard') =>
    this.write(decisionOps.resolveReview(id, action));
  decisionFor = (keyField: string) => this.read(decisionOps.viewFor(keyField));
  decisionRecordFor = (keyField: string) => this.read(decisionOps.recordFor(keyField));
  queuedDecisionCount = () => this.read(decisionOps.queuedCount());

  // activity
  listActivity = (offset: number, limit: number, language: UiLanguage = 'en') =>
    this.read(activityOps.list(offset, limit, language));

  // PMS entry
  listToEnter = (offset: number, limit: number) => this.read(pmsEntryOps.list(offset, limit));
  pmsEntryOf = (keyField: string) => this.read(pmsEntryOps.of(keyField));
  markEntered = (requests: readonly MarkRequest[], user: string, at: string) =>
    this.write(pmsEntryOps.mark(requests, user, at));

  // export: the counts, and the rows read at once (ExportRows' generator walks them)
  exportCounts = (selection: ExportSelection) => this.read(exportOps.counts(selection));
  openExportRows = async (selection: ExportSelection): Promise<ExportRows> => {
    const rows = await this.read(exportOps.rows(selection));
    return {
      rows: (function* () {
        yield* rows;
      })(),
      close: () => undefined,
    };
  };

  // pre-confirm checks: their settings, inputs and the key indexes of the other reservations
  checkSettings = () => this.read(checkSettingOps.get());
  setMenOnly = (menOnly: boolean, user: string, at: string) =>
    this.write(checkSettingOps.setMenOnly(menOnly, user, at));
  checkReference = () => this.read(checkInputOps.reference());
  checkedReservations = (keyFields: readonly string[]) => this.read(checkInputOps.checked(keyFields));
  waitingReservations = () => this.read(checkInputOps.waiting());
  sharedVouchers = () => this.read(checkKeyOps.sharedVouchers());
  checkLookups = (lookups: CheckLookups) => this.read(checkLookupOps.answer(lookups));
  /** Read first: most questions find nothing to key, and need no transaction nor the marks' lock. */
  refreshCheckKeys = async (keysOf: (r: KnownReservation) => StoredCheckKeys): Promise<number> =>
    (await this.read(checkKeyOps.anyPending())) ? this.write(checkKeyOps.refresh(keysOf)) : 0;
}
