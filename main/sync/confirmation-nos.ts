// The confirmation numbers of a push round's confirmations, read back from the service after the round.
import type { CalendarDate, Reservation } from '../../shared/domain';
import type { SyncClient } from './ports';
import type { PushStore } from './push';

/**
 * The confirmation numbers the service gave the confirmations it accepted this round. sendconfirmationv2's answer
 * carries none, so they are read back from the E list: one read per check-in day (for its agency when only one),
 * not one per answer. A bonus like the voucher: the answers are recorded either way, so a read or a write that fails
 * ends the read-back, never the round, and nothing is retried.
 */
export async function readBackConfirmationNos(
  client: SyncClient,
  store: Pick<PushStore, 'attachConfirmationNo'>,
  confirmed: readonly { id: number; reservation: Reservation }[],
  onDecision: ((keyField: string) => void) | undefined,
): Promise<void> {
  const byDay = new Map<CalendarDate, { id: number; reservation: Reservation }[]>();
  for (const c of confirmed) {
    const day = byDay.get(c.reservation.checkIn);
    if (day) day.push(c);
    else byDay.set(c.reservation.checkIn, [c]);
  }
  for (const [day, wanted] of byDay) {
    const ids = new Map(wanted.map((c) => [c.reservation.keyField, c.id]));
    const agencies = new Set(wanted.map((c) => c.reservation.agencyId));
    const [only] = agencies;
    const numbers: { id: number; keyField: string; no: string }[] = [];
    try {
      await client.fetchReservations(
        {
          checkInStart: day,
          checkInEnd: day,
          status: 'E',
          ...(agencies.size === 1 && only !== undefined ? { agencyId: only } : {}),
          isSendRequired: false,
          // Another item that cannot be read says nothing about these.
          onUnreadable: () => undefined,
        },
        async (batch) => {
          for (const r of batch) {
            const id = ids.get(r.keyField);
            const no = r.confirmationNo.trim();
            if (id !== undefined && no) numbers.push({ id, keyField: r.keyField, no });
          }
        },
      );
    } catch {
      return;
    }
    for (const n of numbers) {
      try {
        await store.attachConfirmationNo(n.id, n.no);
      } catch {
        // The database refused the number (gone, or this desk no longer talks to the service): the answers are
        // recorded, so the round stands.
        return;
      }
      // The screens showed the answer sent without its number: they read it again now.
      onDecision?.(n.keyField);
    }
  }
}
