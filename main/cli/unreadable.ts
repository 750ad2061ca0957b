// `resdesk unreadable`: reservations the service listed that could not be read, kept aside with their
// text and never acknowledged, so the service keeps offering them until it is fixed there.
import type { DeskStore } from '../store/engines/desk-store';

export async function unreadableCommand(
  store: DeskStore,
  json: boolean,
  out: (line: string) => void,
): Promise<void> {
  const items = await store.listUnreadable();
  if (json) return out(JSON.stringify(items));
  for (const i of items) {
    const which = i.keyField ? `KeyField ${i.keyField}` : 'a reservation without a readable KeyField';
    const state = i.resolved ? 'resolved since' : 'not acknowledged';
    out(
      `${which}, LogId ${i.logId ?? '?'}: ${i.field} should be ${i.expected} (seen ${i.timesSeen}×, last ${i.lastSeenAt}; ${state})`,
    );
    out(`  ${i.text.length > 400 ? `${i.text.slice(0, 400)}…` : i.text}`);
  }
  out(
    `${items.filter((i) => !i.resolved).length} unreadable reservation(s) waiting to be fixed at the service`,
  );
}
