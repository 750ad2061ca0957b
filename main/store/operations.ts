// Every operation of the store, once, for both engines: the name the desk's code calls, the operation, and what
// it needs of the database (engines/operation-table.ts). SQLite's Store (index.ts) and the hotel's store
// (main/hotel-db/store.ts) are derived from this table; adding an operation is writing it in its module and one
// line here. What an engine does differently is written beside that engine's store, never here: the fenced
// writes of the desk talking to the service on PostgreSQL, SQLite's search upkeep and count cache.
import { acknowledgementOps } from './acknowledgements';
import { activityOps } from './activity';
import { agencyOps } from './agencies';
import { checkKeyOps } from './check-keys';
import { checkLookupOps } from './check-lookups';
import { checkSettingOps } from './check-settings';
import { checkInputOps } from './checks-input';
import { decisionOps, type SentResult } from './decisions';
import { reads, snapshot, writes } from './engines/operation-table';
import { exportCountOps } from './export-counts';
import { historyOps } from './history';
import { hotelCodeOps } from './hotel-codes';
import { inboxOps } from './inbox';
import { inboxScreenOps } from './inbox-screen';
import { mappingOps, mappingViewOps } from './mappings';
import { declineReasonOps } from './messages';
import { pmsEntryOps } from './pms-entry';
import { reconcileInputOps } from './reconcile-input';
import { reservationDetailOps } from './reservation-detail';
import { importOps } from './reservations';
import { readingOps } from './reservations-read';
import { settingsOps } from './settings';
import { stayCodeOps } from './stay-codes';
import { stopSaleOps } from './stop-sales';
import { stopSaleNoticeOps } from './stop-sale-notices';
import { contractOps } from './contracts';
import { allotmentNightOps } from './allotment-nights';
import { releaseDayOps } from './release-day';
import { productionOps } from './production';
import { unreadableOps } from './unreadable';

export const storeOperations = {
  // reservations
  importBatch: writes(importOps.batch),
  getReservation: reads(readingOps.reservation),
  reservationDetail: snapshot(reservationDetailOps.detail),
  changeKind: reads(readingOps.changeKind),
  versions: reads(historyOps.versionViews),
  waitingCount: reads(readingOps.waitingCount),
  waitingReceivedBefore: reads(readingOps.waitingReceivedBefore),
  reconcileDays: reads(reconcileInputOps.days),
  undecidedReservations: reads(reconcileInputOps.undecided),

  // reservations set aside (never acknowledged) and the acknowledgements of those stored
  recordUnreadable: writes(unreadableOps.record),
  listUnreadable: reads(unreadableOps.list),
  openUnreadableCount: reads(unreadableOps.openCount),
  openSetAsideCounts: reads(unreadableOps.openCountsByReason),
  pendingAcknowledgements: reads(acknowledgementOps.pending),
  markAcknowledged: writes(acknowledgementOps.markAcknowledged),

  // the inbox: a page with its total and its marks describes one moment
  inboxPage: snapshot(inboxScreenOps.page),
  inboxCounts: reads(inboxOps.counts),
  problemCandidates: reads(inboxOps.problemCandidates),

  // the service's reference data
  replaceAgencies: writes(agencyOps.replace),
  listAgencies: reads(agencyOps.list),
  findAgency: reads(agencyOps.find),
  replaceNotConfirmMessages: writes(declineReasonOps.replace),
  listNotConfirmMessages: reads(declineReasonOps.list),
  findNotConfirmMessage: reads(declineReasonOps.find),
  replaceStayCodes: writes(stayCodeOps.replace),
  listStayCodes: reads(stayCodeOps.list),

  // the hotel's codes and the mappings to them
  listHotelCodes: reads(hotelCodeOps.list),
  findHotelCode: reads(hotelCodeOps.find),
  addHotelCode: writes(hotelCodeOps.add),
  setMapping: writes(mappingOps.set),
  hotelCodeFor: reads(mappingOps.hotelCodeFor),
  mappingView: reads(mappingViewOps.view),
  copyMappings: writes(mappingViewOps.copy),
  mappedCodesFor: reads(mappingViewOps.codesOf),
  unmappedCodesFor: reads(mappingViewOps.unmappedOf),

  // answers: queued by any desk, sent by the one talking to the service
  enqueueDecision: writes(decisionOps.enqueue),
  undoDecision: writes(decisionOps.undo),
  sendDecisionNow: writes(decisionOps.sendNow),
  retryDecision: writes(decisionOps.retry),
  markForReview: writes(decisionOps.markForReview),
  resolveReview: writes(decisionOps.resolveReview),
  attachVoucher: writes(decisionOps.attachVoucher),
  attachConfirmationNo: writes(decisionOps.attachConfirmationNo),
  nextDecisionsToSend: reads(decisionOps.nextToSend),
  nextSendAfter: reads(decisionOps.nextSendAfter),
  markSending: writes(decisionOps.markSending),
  markSent: writes((id: number, result: SentResult) =>
    decisionOps.markOutcome(id, { kind: 'sent', ...result }),
  ),
  markFailed: writes((id: number, error: string, outcomeUnknown: boolean) =>
    decisionOps.markOutcome(id, { kind: 'failed', error, outcomeUnknown }),
  ),
  markDeferred: writes((id: number, error: string, outcomeUnknown: boolean) =>
    decisionOps.markOutcome(id, { kind: 'deferred', error, outcomeUnknown }),
  ),
  markHeld: writes((id: number, error: string) => decisionOps.markOutcome(id, { kind: 'held', error })),
  decisionFor: reads(decisionOps.viewFor),
  decisionRecordFor: reads(decisionOps.recordFor),
  queuedDecisionCount: reads(decisionOps.queuedCount),

  // activity and settings
  addActivity: writes(activityOps.add),
  listActivity: reads(activityOps.list),
  getSetting: reads(settingsOps.get),
  setSetting: writes(settingsOps.set),

  // what to type into the PMS, and the exports
  listToEnter: snapshot(pmsEntryOps.list),
  pmsEntryOf: reads(pmsEntryOps.of),
  markEntered: writes(pmsEntryOps.mark),
  exportCounts: reads(exportCountOps.counts),

  // the pre-confirm checks: settings, stop-sales, inputs and the key indexes of the other reservations
  checkSettings: reads(checkSettingOps.get),
  setMenOnly: writes(checkSettingOps.setMenOnly),
  addStopSale: writes(stopSaleOps.add),
  listStopSales: reads(stopSaleOps.list),
  removeStopSale: writes(stopSaleOps.remove),
  stopSaleHotelCodes: reads(stopSaleOps.hotelCodes),
  listStopSaleNotices: reads(stopSaleNoticeOps.list),
  markStopSaleNoticeSent: writes(stopSaleNoticeOps.markSent),
  setStopSaleConfirmed: writes(stopSaleNoticeOps.setConfirmed),
  hotelNameSeen: reads(stopSaleNoticeOps.hotelName),
  listContracts: reads(contractOps.list),
  addContract: writes(contractOps.add),
  addContracts: writes(contractOps.addAll),
  updateContract: writes(contractOps.update),
  removeContract: writes(contractOps.remove),
  allotmentInput: snapshot(checkInputOps.allotment),
  allotmentLookups: reads(allotmentNightOps.asked),
  busiestRoomTypes: reads(allotmentNightOps.busiest),
  sayReleasesOnce: writes(releaseDayOps.sayOnce),
  producedStays: reads(productionOps.stays),
  productionRates: reads(productionOps.rates),
  setProductionRates: writes(productionOps.setRates),
  checkReference: reads(checkInputOps.reference),
  checkedReservations: reads(checkInputOps.checked),
  waitingReservations: reads(checkInputOps.waiting),
  sharedVouchers: reads(checkKeyOps.sharedVouchers),
  checkLookups: reads(checkLookupOps.answer),
  checkKeysPending: reads(checkKeyOps.anyPending),
  refreshCheckKeys: writes(checkKeyOps.refresh),
};

export type StoreOperations = typeof storeOperations;
