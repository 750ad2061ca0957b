// A small in-memory stand-in for the core, for the renderer tests that need what the practice service does
// not make cheap (100 000 reservations) and for checking the screens' wiring before the real core. It
// implements every handler of the contract over generated rows; it is not the thing under test.
import type { Core, EventListener } from '../../main/kernel/core-types';
import { DeskError } from '../../main/kernel/ipc-dispatch';
import { createMessages } from '../../main/kernel/messages';
import {
  hotelCodeKey,
  isConfirmationStatus,
  type ChangeKind,
  NO_RATES,
  type ConfirmationStatus,
  type ExchangeRates,
  type HotelCode,
  type ProducedStay,
} from '../../shared/domain';
import { markersOf } from '../../main/operations/checks';
import { allotmentUse } from '../../main/contracts/allotment';
import { monthsFrom, production } from '../../main/contracts/production';
import { contractProblems } from '../../shared/contract-problems';
import { addDays } from '../../shared/calendar';
import type {
  AboutDeskView,
  AllotmentRow,
  ContractRow,
  ContractsView,
  AnsweringView,
  BackupsView,
  ConnectionCheckStep,
  DecisionView,
  Events,
  Handlers,
  InboxRow,
  MappingView,
  NotificationSettings,
  ReservationCheck,
  ReservationDetail,
  StopSaleEntry,
  SetupView,
  SeveralDesksView,
  SyncStatus,
} from '../../shared/ipc';

const kinds: ChangeKind[] = ['new', 'changed', 'cancelled', 'new', 'new'];
const statuses: ConfirmationStatus[] = ['W', 'W', 'E', 'W', 'H'];
const surnames = ['YILMAZ', 'SCHMIDT', 'IVANOV', 'ŞAHİN', 'MÜLLER', 'SMITH', 'ÖZTÜRK', 'PETROV'];
const given = ['AYŞE', 'HANS', 'OLGA', 'MEHMET', 'ANNA', 'JOHN', 'ÇAĞLA', 'IGOR'];

const day = (offset: number) =>
  new Date(Date.UTC(2026, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);

/** The fake's checks: the unmapped code its rows already flag, and a honeymoon now and then (a note). */
function fakeChecks(row: Pick<InboxRow, 'keyField' | 'hasUnmappedCodes' | 'changeKind'>): ReservationCheck[] {
  const i = Number(row.keyField.slice(1));
  const checks: ReservationCheck[] = [];
  if (row.changeKind === 'cancelled') return checks;
  if (row.hasUnmappedCodes)
    checks.push({ kind: 'unmapped', severity: 'note', agencyId: 'A1', codeKind: 'board', code: 'HB' });
  if (i % 11 === 5) checks.push({ kind: 'honeymoon', severity: 'note', source: 'flag' });
  // Every tenth one books a third adult into a double: a problem to look at before confirming.
  if (i % 10 === 0)
    checks.push({
      kind: 'capacity',
      severity: 'problem',
      limit: 'maxAdults',
      value: 3,
      allowed: 2,
      roomId: 'DBL',
    });
  return checks;
}

function makeRow(i: number): InboxRow {
  const nights = 3 + (i % 9);
  const row: Omit<InboxRow, 'checks'> = {
    keyField: `K${i}`,
    voucherNo: `V-${100000 + i}`,
    tourOpName: i % 2 ? 'Sunny Tours' : 'Anatolia Reisen',
    agencyName: i % 2 ? 'Sunny Tours GmbH' : 'Anatolia Reisen AG',
    leadGuest: `${surnames[i % 8]} ${given[(i * 3) % 8]}`,
    checkIn: day(i % 120),
    checkOut: day((i % 120) + nights),
    nights,
    roomTypeName: i % 3 ? 'Standard Room Garden View' : 'Family Suite Sea View',
    roomName: i % 3 ? 'DBL' : 'FAM',
    roomCount: i % 13 === 4 ? 2 : 1,
    roomNo: null,
    accomId: i % 2 ? 'AI' : 'HB',
    adults: 2,
    childs: i % 4 === 0 ? 1 : 0,
    infants: i % 10 === 0 ? 1 : 0,
    confirmationStatus: statuses[i % statuses.length] ?? 'W',
    changeKind: kinds[i % kinds.length] ?? 'new',
    decision: 'none',
    receivedAt: new Date(Date.UTC(2026, 4, 1, 8) + (100_000 - i) * 60_000).toISOString(),
    arrivalTime: null,
    quotaType: i % 3 === 0 ? 0 : 1,
    reservationStatus: i % 11 === 5 ? 4 : 0,
    hasUnmappedCodes: i % 7 === 0,
  };
  return { ...row, checks: markersOf(fakeChecks(row)) };
}

/** A row as production counts it: a price of 100 EUR a night, answered an hour after it came. */
const producedOf = (row: InboxRow): ProducedStay => ({
  agencyId: row.agencyName,
  checkIn: row.checkIn,
  checkOut: row.checkOut,
  rooms: row.roomCount,
  guests: row.adults + row.childs + row.infants,
  price: row.nights * 100,
  currency: 'EUR',
  receivedAt: row.receivedAt,
  answeredAt: new Date(Date.parse(row.receivedAt) + 3_600_000).toISOString(),
});

export interface FakeDesk {
  core: Pick<Core, 'handlers' | 'on' | 'messages'>;
  emit<E extends keyof Events>(event: E, payload: Events[E]): void;
  /** Every request the renderer made, in order. */
  calls: { name: string; request: unknown }[];
  /** Every request answered, in the order the answers went back. */
  answered: { name: string; request: unknown }[];
}

export interface FakeDeskOptions {
  reservations: number;
  configured?: boolean;
  /** Reservations this desk already confirmed (sent), with the note and when: a later version is a change since. */
  confirmed?: Record<string, { note: string; decidedAt: string }>;
  /** Reservations another desk on the shared database is answering, by KeyField. */
  answeringElsewhere?: Record<string, NonNullable<AnsweringView['elsewhere']>>;
  /**
   * Reservations another desk answers first: this desk's answer is refused as the shared database's
   * one-open-decision rule refuses it, and the other desk's confirmation (by Ayşe) is what is stored.
   */
  answeredElsewhere?: string[];
  /**
   * How long the nth request (from 1) for a reservation's detail takes to come back (a slow database); the detail
   * is read when asked, so a slow answer carries what was true then.
   */
  detailDelayMs?: (keyField: string, nth: number) => number;
}

export function createFakeDesk(options: FakeDeskOptions): FakeDesk {
  const rows = Array.from({ length: options.reservations }, (_, i) => makeRow(i));
  const decisions = new Map<string, DecisionView>(
    Object.entries(options.confirmed ?? {}).map(([keyField, { note, decidedAt }]) => [
      keyField,
      {
        state: 'sent',
        action: 'confirm',
        note,
        reasonId: null,
        user: 'Ayşe',
        decidedAt,
        sentAt: decidedAt,
        error: null,
        voucherSaved: false,
        sendAfter: null,
        basedOnLogId: 1,
      },
    ]),
  );
  for (const keyField of decisions.keys()) {
    const row = rows[Number(keyField.slice(1))];
    if (row) row.decision = 'sent';
  }
  const mappings = new Map<string, string>([['roomType:STD', 'STD-G']]);
  const hotelCodes: HotelCode[] = [
    { kind: 'roomType', code: 'STD-G', name: 'Standart, bahçe' },
    { kind: 'board', code: 'HD', name: 'Her şey dahil' },
    { kind: 'board', code: 'YP', name: 'Yarım pansiyon' },
  ];
  const listed = (kind: HotelCode['kind'], code: string) =>
    hotelCodes.find((h) => h.kind === kind && hotelCodeKey(h.code) === hotelCodeKey(code));
  const listeners = new Map<keyof Events, Set<(p: unknown) => void>>();
  const calls: FakeDesk['calls'] = [];
  const answered: FakeDesk['answered'] = [];
  const detailAsked = new Map<string, number>();
  const messages = createMessages('tr');
  let setup: SetupView = {
    configured: options.configured ?? false,
    practiceMode: options.configured ?? false,
    serviceUrl: '',
    user: '',
    partnerId: null,
    format: 'xml',
    dialect: null,
    passwordSaved: false,
    credentialStore: 'none',
    credentialWarning: null,
    language: 'tr',
    deskUser: 'Resepsiyon',
    askDeskUser: false,
  };
  const status: SyncStatus = {
    online: true,
    since: new Date().toISOString(),
    lastSuccessAt: new Date().toISOString(),
    nextPollAt: new Date(Date.now() + 60_000).toISOString(),
    syncing: false,
    readSoFar: 0,
    queuedDecisions: 0,
    lastError: null,
    practiceMode: setup.practiceMode,
    setAside: {},
    hotel: null,
    anotherReader: null,
  };
  const emit = <E extends keyof Events>(event: E, payload: Events[E]) => {
    for (const l of listeners.get(event) ?? []) l(payload);
  };
  const rowOf = (keyField: string) => {
    const row = rows[Number(keyField.slice(1))];
    if (!row) throw new Error('no such reservation');
    return row;
  };
  const mappingView = (agencyId: string): MappingView => {
    const codes = [
      {
        kind: 'roomType' as const,
        channelCode: 'STD',
        channelName: 'Standard Room Garden View',
        usedByLive: 40,
      },
      { kind: 'roomType' as const, channelCode: 'FAM', channelName: 'Family Suite Sea View', usedByLive: 12 },
      { kind: 'board' as const, channelCode: 'AI', channelName: 'All Inclusive', usedByLive: 30 },
      { kind: 'board' as const, channelCode: 'HB', channelName: 'Half Board', usedByLive: 0 },
      { kind: 'nationality' as const, channelCode: 'DE', channelName: 'Germany', usedByLive: 9 },
    ];
    const out = codes.map((c) => {
      const hotelCode = mappings.get(`${c.kind}:${c.channelCode}`) ?? null;
      return { ...c, hotelCode, mappedFor: hotelCode ? ('agency' as const) : null, allAgenciesCode: null };
    });
    return {
      agencyId,
      rows: out,
      total: out.length,
      unmapped: out.filter((r) => !r.hotelCode).length,
      hotelCodes: [...hotelCodes],
    };
  };
  const decide = (keyField: string, action: 'confirm' | 'decline', note: string, reasonId: string | null) => {
    if (options.answeredElsewhere?.includes(keyField)) {
      const theirs: DecisionView = {
        state: 'pending',
        action: 'confirm',
        note: '',
        reasonId: null,
        user: 'Ayşe',
        decidedAt: new Date().toISOString(),
        sentAt: null,
        error: null,
        voucherSaved: false,
        sendAfter: null,
        basedOnLogId: 1,
      };
      decisions.set(keyField, theirs);
      rowOf(keyField).decision = 'pending';
      throw new DeskError('conflict', messages.t('decision.already-decided'));
    }
    const view: DecisionView = {
      state: 'pending',
      action,
      note,
      reasonId,
      user: setup.deskUser,
      decidedAt: new Date().toISOString(),
      sentAt: null,
      error: null,
      voucherSaved: false,
      sendAfter: null,
      basedOnLogId: 1,
    };
    decisions.set(keyField, view);
    rowOf(keyField).decision = 'pending';
    return view;
  };

  // Every request of the contract (`satisfies Handlers`), so this fake cannot fall behind it. The PMS
  // entry and CSV export requests are not modelled here (the real-desk tests cover them): they fail plainly.
  const notModelled = (request: string) => async (): Promise<never> => {
    throw new DeskError('internal', `The screen tests' desk does not model ${request}.`);
  };
  const answeringView = (keyField: string): AnsweringView => ({
    elsewhere: options.answeringElsewhere?.[keyField] ?? null,
  });
  let stopSales: StopSaleEntry[] = [];
  let menOnly = false;
  let rates: ExchangeRates = NO_RATES;
  const ownFile: SeveralDesksView = {
    choice: 'file',
    where: null,
    reachable: null,
    problem: null,
    code: null,
    onNetwork: true,
    restartNeeded: false,
  };
  let aboutView: AboutDeskView = {
    version: '0.1.0',
    updates: {
      feed: 'set',
      lastCheckAt: null,
      lastCheck: null,
      available: null,
      downloaded: null,
      installPending: false,
    },
    uncleanStopAt: null,
  };
  let backupsView: BackupsView = {
    folder: '/data/backups',
    secondFolder: null,
    backups: [
      {
        file: '/data/backups/resdesk-2026-06-01T03-00-00-000Z-daily-v10.db',
        kind: 'daily',
        takenAt: '2026-06-01T03:00:00.000Z',
        size: 5_400_000,
        version: 10,
        inSecondFolder: false,
      },
    ],
    keep: { daily: 7, preMigration: 3 },
    databaseDamaged: false,
    secondFolderProblem: null,
  };
  // The fake sends at once: its answers are never held (the real core is tested for the grace period).
  let graceSeconds = 0;
  let pollSeconds = 15;
  const stopSaleView = () => ({
    stopSales,
    hotelCodes: { roomType: ['STD-G'], room: [] },
    notices: stopSales.map((s) => ({ stopSaleId: s.id, operators: [] })),
  });
  let contracts: ContractRow[] = [];
  const contractsView = (): ContractsView => ({
    contracts,
    agencies: [{ id: '5', name: 'Sun Tours' }],
    roomTypes: ['STD-G'],
  });
  let notifications: NotificationSettings = { sound: true, remindAfterMinutes: 15, startAtLogin: null };
  const handlers = {
    getNotificationSettings: async () => notifications,
    saveNotificationSettings: async (r) => (notifications = { ...notifications, ...r }),
    listToEnter: notModelled('listToEnter'),
    getPmsEntry: notModelled('getPmsEntry'),
    markEntered: notModelled('markEntered'),
    previewExport: notModelled('previewExport'),
    exportCsv: notModelled('exportCsv'),
    openExport: notModelled('openExport'),
    getSetup: async () => setup,
    saveSetup: async (r) =>
      (setup = { ...setup, ...r, configured: true, practiceMode: false, passwordSaved: true }),
    testConnection: async (r) =>
      r.password === 'wrong'
        ? {
            ok: false,
            problem: 'wrong-password',
            message: 'The service refused the password. Check it.',
            agencies: 0,
            dialect: null,
            recommendedFormat: r.format,
            steps: [fakeStep('login', false, 'The service refused the password. Check it.')],
          }
        : {
            ok: true,
            problem: null,
            message: 'Connected. 2 agencies send reservations to this hotel.',
            agencies: 2,
            dialect: 'spec',
            recommendedFormat: 'xml',
            steps: [
              fakeStep('login', true, null),
              { ...fakeStep('agencies', true, null), items: 2 },
              { ...fakeStep('reservations', true, null), items: 12 },
            ],
          },
    searchHotels: async () => [{ partnerId: 4711, name: 'Palmiye Beach Hotel', city: 'Side' }],
    startPracticeMode: async () => (setup = { ...setup, configured: true, practiceMode: true }),
    leavePracticeMode: async () => (setup = { ...setup, configured: false, practiceMode: false }),
    setLanguage: async (r) => {
      messages.setLanguage(r.language);
      return (setup = { ...setup, language: r.language });
    },
    setDeskUser: async (r) => (setup = { ...setup, deskUser: r.name }),
    listReservations: async (r) => {
      const f = r.filter;
      const matching = rows.filter(
        (row) =>
          (!f.statuses ||
            f.statuses.some((s) =>
              s === 'other' ? !isConfirmationStatus(row.confirmationStatus) : s === row.confirmationStatus,
            )) &&
          (!f.kinds || f.kinds.includes(row.changeKind)) &&
          (!f.checkInFrom || row.checkIn >= f.checkInFrom) &&
          (!f.checkInTo || row.checkIn <= f.checkInTo) &&
          (!f.search || row.leadGuest.toLowerCase().includes(f.search.toLowerCase())),
      );
      return { rows: matching.slice(r.offset, r.offset + r.limit), total: matching.length };
    },
    inboxCounts: async () => ({
      total: rows.length,
      new: rows.filter((r) => r.changeKind === 'new').length,
      changed: rows.filter((r) => r.changeKind === 'changed').length,
      cancelled: rows.filter((r) => r.changeKind === 'cancelled').length,
      waiting: rows.filter((r) => r.confirmationStatus === 'W').length,
      waitingCancellations: rows.filter((r) => r.confirmationStatus === 'W' && r.changeKind === 'cancelled')
        .length,
      confirmed: rows.filter((r) => r.confirmationStatus === 'E').length,
      declined: rows.filter((r) => r.confirmationStatus === 'H').length,
      otherStatus: rows.filter((r) => !isConfirmationStatus(r.confirmationStatus)).length,
    }),
    getReservation: async ({ keyField }) => {
      const nth = (detailAsked.get(keyField) ?? 0) + 1;
      detailAsked.set(keyField, nth);
      const detail = fakeDetail(rowOf(keyField), decisions.get(keyField) ?? null);
      const delay = options.detailDelayMs?.(keyField, nth) ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return detail;
    },
    confirm: async (r) => decide(r.keyField, 'confirm', r.note ?? '', null),
    decline: async (r) => decide(r.keyField, 'decline', '', r.reasonId),
    confirmMany: async (r) => {
      r.keyFields.forEach((k) => decide(k, 'confirm', r.note ?? '', null));
      return { queued: r.keyFields.length, queuedKeys: r.keyFields, skipped: [] };
    },
    undoDecision: async (r) => {
      decisions.delete(r.keyField);
      return null;
    },
    undoMany: async (r) => {
      r.keyFields.forEach((k) => decisions.delete(k));
      return { undone: r.keyFields.length, tooLate: 0 };
    },
    sendDecisionNow: async (r) => decisions.get(r.keyField) ?? null,
    getAnswerSettings: async () => ({ graceSeconds }),
    saveAnswerSettings: async (r) => ({ graceSeconds: (graceSeconds = r.graceSeconds) }),
    getPollSettings: async () => ({ intervalSeconds: pollSeconds, defaultSeconds: 15 }),
    savePollSettings: async (r) => ({
      intervalSeconds: (pollSeconds = r.intervalSeconds),
      defaultSeconds: 15,
    }),
    retryDecision: async (r) => decisions.get(r.keyField) ?? decide(r.keyField, 'confirm', '', null),
    resolveReview: async () => null,
    openVoucher: async () => null,
    listDeclineReasons: async (r) =>
      r.language === 'tr'
        ? [
            { id: '1', name: 'Otel dolu', lang: 'tr-TR' },
            { id: '2', name: 'Fiyat hatalı', lang: 'tr-TR' },
          ]
        : [
            { id: '1', name: 'Hotel is full', lang: 'en-US' },
            { id: '2', name: 'Wrong price', lang: 'en-US' },
          ],
    listAgencies: async () => [
      { id: 'A1', name: 'Anatolia Reisen AG' },
      { id: 'A2', name: 'Sunny Tours GmbH' },
    ],
    getChecks: async (r) =>
      r.keyFields.map((keyField) => ({ keyField, checks: fakeChecks(rowOf(keyField)) })),
    listStopSales: async () => stopSaleView(),
    addStopSale: async (r) => {
      const id = stopSales.reduce((max, s) => Math.max(max, s.id), 0) + 1;
      const at = new Date().toISOString();
      stopSales = [...stopSales, { id, ...r, note: r.note ?? '', createdBy: setup.deskUser, createdAt: at }];
      return stopSaleView();
    },
    removeStopSale: async (r) => {
      stopSales = stopSales.filter((s) => s.id !== r.id);
      return stopSaleView();
    },
    // Contracts in memory, checked as the store checks them; the calendar counts no stay (the real core does).
    listContracts: async () => contractsView(),
    saveContract: async ({ id, ...input }) => {
      const problems = contractProblems(input, contracts, id ?? null);
      if (problems.length > 0) return { view: contractsView(), saved: null, problems };
      const saved: ContractRow = {
        ...input,
        id: id ?? contracts.reduce((max, c) => Math.max(max, c.id), 0) + 1,
        agencyName: input.agencyId,
        updatedBy: setup.deskUser,
        updatedAt: new Date().toISOString(),
      };
      contracts = [...contracts.filter((c) => c.id !== saved.id), saved];
      return { view: contractsView(), saved, problems: [] };
    },
    removeContract: async ({ id }) => {
      contracts = contracts.filter((c) => c.id !== id);
      return contractsView();
    },
    getAllotment: async ({ from, nights }) => {
      const days = Array.from({ length: nights }, (_, i) => addDays(from, i));
      const today = days[0] ?? from;
      const use = allotmentUse(contracts, [], () => new Map(), {
        from,
        to: days[days.length - 1] ?? from,
        today,
      });
      const rows = new Map<string, AllotmentRow>();
      for (const n of use) {
        const key = `${n.agencyId}\u0000${n.roomType}`;
        const row = rows.get(key) ?? {
          agencyId: n.agencyId,
          agencyName: n.agencyId,
          roomType: n.roomType,
          cells: days.map(() => null),
        };
        rows.set(key, row);
        row.cells[days.indexOf(n.night)] = { ...n };
      }
      return { from, nights: days, today, rows: [...rows.values()] };
    },
    getProduction: async ({ from, months }) =>
      production(
        rows.filter((r) => r.confirmationStatus === 'E').map(producedOf),
        monthsFrom(from, months),
        rates,
        new Map(),
      ),
    exportProduction: async ({ from }) => ({ path: `production-${from}.csv` }),
    saveRates: async (r) => ({ rates: (rates = r), problems: [] }),
    sendStopSaleNotice: async () => ({ path: 'notice.html', view: stopSaleView() }),
    confirmStopSale: async () => stopSaleView(),
    getCheckSettings: async () => ({ menOnly }),
    saveCheckSettings: async (r) => ({ menOnly: (menOnly = r.menOnly) }),
    listBackups: async () => backupsView,
    backupNow: async () => backupsView,
    previewRestore: async ({ file }) => ({
      file,
      takenAt: backupsView.backups[0]?.takenAt ?? '',
      lost: { reservationVersions: 3, decisions: 1 },
      currentNewestReservation: '2026-06-02T09:00:00.000Z',
      backupNewestReservation: '2026-06-01T10:00:00.000Z',
    }),
    restoreBackup: async () => ({ replacedBy: '/data/resdesk.db.replaced-2026-06-03T08-00-00-000Z' }),
    setBackupFolder: async ({ folder }) => (backupsView = { ...backupsView, secondFolder: folder || null }),
    // Several desks: this fake works in its own file; the real handlers are tested against a real server.
    getSeveralDesks: async () => ownFile,
    keepHotelDatabase: async () => ownFile,
    connectHotelDatabase: async () => ownFile,
    // Who is answering: another desk holds the reservations the options name; this desk's own openings are
    // only recorded (calls), as the real presence never reports a desk to itself.
    answering: async (r) => answeringView(r.keyField),
    getAnswering: async (r) => answeringView(r.keyField),
    getAboutDesk: async () => aboutView,
    checkForUpdates: async () =>
      (aboutView = {
        ...aboutView,
        updates: { ...aboutView.updates, lastCheckAt: '2026-06-03T08:00:00.000Z', lastCheck: 'up-to-date' },
      }),
    installUpdate: async () => aboutView,
    saveDiagnostics: async () => ({ file: '/data/diagnostics/resdesk-diagnostics.zip', size: 1234 }),
    reportRendererError: async () => null,
    getMapping: async (r) => mappingView(r.agencyId),
    setMapping: async (r) => {
      const code = r.hotelCode ? listed(r.kind, r.hotelCode) : undefined;
      if (r.hotelCode && !code)
        throw new DeskError(
          'conflict',
          messages.t('error.hotelCodeUnknown', { code: r.hotelCode, codeKind: r.kind }),
        );
      if (code) mappings.set(`${r.kind}:${r.channelCode}`, code.code);
      else mappings.delete(`${r.kind}:${r.channelCode}`);
      return mappingView(r.agencyId);
    },
    copyMappings: notModelled('copyMappings'),
    addHotelCode: async (r) => {
      const existing = listed(r.kind, r.code);
      if (existing)
        throw new DeskError(
          'conflict',
          messages.t('error.hotelCodeTaken', { code: existing.code, codeKind: r.kind }),
        );
      hotelCodes.push({ kind: r.kind, code: r.code, name: r.name });
      return [...hotelCodes];
    },
    getStatus: async () => ({ ...status, practiceMode: setup.practiceMode }),
    syncNow: async () => ({ ...status, practiceMode: setup.practiceMode }),
    setSafeMode: async ({ on }) => ({
      ...status,
      practiceMode: setup.practiceMode,
      anotherReader: { seenAt: new Date().toISOString(), reservations: 3, safeMode: on },
    }),
    listActivity: async () => [
      {
        id: 1,
        at: new Date().toISOString(),
        user: 'Resepsiyon',
        action: 'confirm',
        keyField: 'K1',
        detail: 'V-100001',
        guest: 'YILMAZ AYŞE',
        reasonName: null,
      },
    ],
  } satisfies Handlers;

  const recorded = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (request: unknown) => {
        calls.push({ name, request });
        return (handler as (r: unknown) => Promise<unknown>)(request).finally(() =>
          answered.push({ name, request }),
        );
      },
    ]),
  ) as unknown as Handlers;

  return {
    core: {
      handlers: recorded,
      messages,
      on<E extends keyof Events>(event: E, listener: EventListener<E>) {
        const set = listeners.get(event) ?? new Set();
        listeners.set(event, set);
        const wrapped = listener as (p: unknown) => void;
        set.add(wrapped);
        return () => set.delete(wrapped);
      },
    },
    emit,
    calls,
    answered,
  };
}

function fakeStep(
  operation: ConnectionCheckStep['operation'],
  ok: boolean,
  message: string | null,
): ConnectionCheckStep {
  return { operation, ok, httpStatus: ok ? 200 : 401, ms: 12, items: null, message, unexpected: [] };
}

function fakeDetail(row: InboxRow, decision: DecisionView | null): ReservationDetail {
  const guest = {
    name: row.leadGuest,
    title: 'Mr',
    age: 41,
    birthDate: null,
    nationality: 'DE',
    nationalityString: 'Germany',
    arrival: '',
    arrivalTime: null,
    departure: '',
    departureTime: null,
    musNo: null,
    musTakipNo: '',
    reservationKeyField: row.keyField,
  };
  return {
    reservation: {
      keyField: row.keyField,
      logId: 1,
      serviceId: 'S',
      pmsStatus: 0,
      confirmationStatus: row.confirmationStatus,
      confirmationNo: '',
      confirmDate: null,
      confirmeNote: '',
      agencyId: 'A1',
      agencyName: row.agencyName,
      hotelId: 'H',
      hotelName: 'Palmiye',
      stayHotelName: 'Palmiye',
      originalHotelCode: '',
      partnerId: 4711,
      tourOpCode: 'AR',
      tourOpName: row.tourOpName,
      voucherNo: row.voucherNo,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      nights: row.nights,
      roomId: 'R1',
      roomName: 'Room 1',
      roomNo: null,
      roomTypeId: 'STD',
      roomTypeName: row.roomTypeName,
      accomId: row.accomId,
      accomName: 'All Inclusive',
      roomCount: 1,
      adults: row.adults,
      childs: row.childs,
      infants: row.infants,
      pax: 2,
      extraBed: 0,
      fisNo: 0,
      freeOfCharge: '',
      honeyMoon: '',
      promosyonRoom: '',
      quotaType: 0,
      reservationStatus: 0,
      lastChangeUser: '',
      note: 'Late arrival',
      sellDate: null,
      soldCurrency: 'EUR',
      soldPrice: 1234.5,
      guests: [guest],
    },
    changeKind: row.changeKind,
    codes: [{ kind: 'roomType', channelCode: 'STD', channelName: row.roomTypeName, hotelCode: 'STD-G' }],
    guests: [{ ...guest, hotelNationality: null }],
    versions: [
      {
        logId: 2,
        changeKind: 'changed',
        receivedAt: row.receivedAt,
        changes: [{ field: 'checkOut', before: '2026-07-12', after: '2026-07-14' }],
      },
      { logId: 1, changeKind: 'new', receivedAt: '2026-04-30T08:00:00.000Z', changes: [] },
    ],
    decision,
    checks: fakeChecks(row),
  };
}
