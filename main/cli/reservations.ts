// The reservation commands: list and show read; confirm and decline answer through a desk on the same
// connection as sync (cli/sync-command.ts), so an answer goes out the way sync's would.
import type { InboxFilter } from '../store/inbox';
import { reservationsInKeyOrder } from '../store/key-order';
import { isConfirmationStatus, type InboxRow, type Reservation } from '../../shared/domain';
import { DeskChecks } from '../operations/checks';
import { isRealDate, localDate } from '../../shared/calendar';
import { openStore, type DbTarget, type OpenedStore } from './open-store';
import { talkLease } from './talk-lease';
import { connectionFrom, deskOn, talking } from './sync-command';
import { UsageError, out, type Values } from './args';

function summaryLine(r: Reservation): string {
  const lead = r.guests[0]?.name ?? '';
  return [r.keyField, r.confirmationStatus, r.checkIn, r.checkOut, r.voucherNo, r.tourOpName, lead].join(
    '\t',
  );
}
/** Every reservation under the filter in check-in order. */
async function* listedRows(opened: OpenedStore, filter: InboxFilter): AsyncGenerator<InboxRow[]> {
  // On the file: read from where each page ended (keyset), linear in the result however large.
  if (opened.file) return yield* reservationsInKeyOrder(opened.file.db, filter);
  // On the hotel's database: the inbox's own pages, in the same order (check-in, then id: a total order, so
  // pages neither skip nor repeat a row that stays put while they are read).
  for (let offset = 0; ; offset += LIST_PAGE) {
    const { rows } = await opened.store.inboxPage({
      filter,
      sort: 'checkIn',
      direction: 'asc',
      offset,
      limit: LIST_PAGE,
    });
    if (rows.length > 0) yield rows;
    if (rows.length < LIST_PAGE) return;
  }
}

const LIST_PAGE = 500;

export async function list(values: Values, opened: OpenedStore): Promise<void> {
  const status = values.status?.toUpperCase();
  if (status !== undefined && !/^[A-Z]$/.test(status))
    throw new UsageError('--status must be one letter: W, E, H, or another the service sends (S, G).');
  // W, E and H are inbox filters; another letter is picked out of the inbox's "other status" ones.
  const filter =
    status === undefined ? {} : { statuses: [isConfirmationStatus(status) ? status : ('other' as const)] };
  const all: InboxRow[] = [];
  for await (const page of listedRows(opened, filter)) all.push(...page);
  const rows = status === undefined ? all : all.filter((r) => r.confirmationStatus === status);
  if (values.json) return out(JSON.stringify(rows));
  for (const r of rows)
    out(
      [
        r.keyField,
        r.confirmationStatus,
        r.changeKind,
        r.checkIn,
        r.checkOut,
        r.voucherNo,
        r.tourOpName,
        r.leadGuest,
      ].join('\t'),
    );
  out(`${rows.length} reservations`);
}

export async function show(keyField: string, values: Values, opened: OpenedStore): Promise<void> {
  const today = values.today ?? localDate(new Date());
  if (!isRealDate(today)) throw new UsageError('--today must be a day that exists, written like 2026-07-12.');
  const desk = opened.store;
  const r = await desk.getReservation(keyField);
  if (!r) throw new Error(`No reservation with KeyField ${keyField} in this database.`);
  if (values.json) {
    return out(
      JSON.stringify({
        reservation: r,
        decision: await desk.decisionFor(keyField),
        versions: await desk.versions(keyField),
        // What the desk shows under "Before you confirm", computed as the desk computes it (on either engine),
        // as of noon of the hotel's day `today`.
        checks: await new DeskChecks(
          () => desk,
          () => new Date(`${today}T12:00:00`),
        ).of(r),
      }),
    );
  }
  out(summaryLine(r));
  for (const g of r.guests) out(`  ${g.title} ${g.name} ${g.age ?? ''} ${g.nationality}`);
}

export async function decide(
  action: 'confirm' | 'decline',
  keyField: string,
  values: Values,
  target: DbTarget,
): Promise<void> {
  if (action === 'decline' && !values.reason)
    throw new UsageError('Give the decline reason with --reason ID.');
  const opened = await openStore(target, { command: action });
  try {
    // On the hotel's database only the desk holding the service lease sends: this command queues the answer,
    // and that desk (or resdesk sync) sends it once. No service password is needed to queue.
    const hotel = opened.hotel;
    const connection = connectionFrom(values, await opened.readSetup(), opened, { needPassword: !hotel });
    const desk = deskOn(values, opened, connection);
    try {
      // Confirming again after the agency changed the booking keeps the earlier confirmation's note, as the
      // screen does; --note "" says on purpose that there is none now.
      const earlier = await desk.deskStore.decisionFor(keyField);
      const keptNote =
        action === 'confirm' && values.note === undefined && earlier?.action === 'confirm' && earlier.note
          ? earlier.note
          : undefined;
      await desk.decide({
        keyField,
        action,
        note: values.note ?? keptNote,
        reasonId: values.reason,
        user: values.user ?? process.env.RESDESK_USER ?? 'resdesk',
      });
      if (!hotel) await desk.pushNow();
      const view = await desk.deskStore.decisionFor(keyField);
      // Confirming a cancellation takes it in: the agency learns the hotel has it.
      const done =
        action === 'decline'
          ? 'Declined'
          : (await desk.deskStore.changeKind(keyField)) === 'cancelled'
            ? 'Cancellation taken in'
            : 'Confirmed';
      if (values.json) out(JSON.stringify(view));
      else if (hotel) {
        const pc = await talkLease(hotel.pool, hotel, () => undefined).talkingPc();
        out(
          pc
            ? `Queued: ${keyField}. ${talking(pc)} and sends it.`
            : `Queued: ${keyField}. No desk is talking to the service now: resdesk sync sends it.`,
        );
      } else if (view?.state === 'sent') out(`${done}: ${keyField}`);
      // Not sent is a failure: said where failures are (the answer stays queued; resdesk sync sends it).
      else console.error(`Queued, not sent yet: ${view?.error ?? ''}`);
      if (keptNote && !values.json) out(`The earlier note was kept: ${keptNote}`);
      // Queued is the whole job on the hotel's database; on a file the answer should have gone out.
      if (!hotel && view?.state !== 'sent') process.exitCode = 1;
    } finally {
      await desk.close();
    }
  } finally {
    await opened.close();
  }
}
