// What another desk changed in the hotel's database, shown on this one: the same renderer events, and the same
// checks' caches dropped, as this desk's own work causes.
import type { Events } from '../../shared/ipc';
import type { Logger } from '../kernel/core-types';
import type { HotelChange, HotelStore } from '../hotel-db';
import { decisionKeyOps } from '../store/decision-keys';

export interface OtherDeskChangeDeps {
  emit: <E extends keyof Events>(event: E, payload: Events[E]) => void;
  checks: { reservationsChanged(): void; decisionMoved(): void; invalidate(): void };
  /** Another desk queued or took back an answer. */
  onDecisionsChanged: () => void;
  /** A hotel setting another desk saved. */
  onSettingsChanged: (keys: readonly string[] | null) => void;
  ports: { logger: Logger };
}

/** Shows `change` (another desk's) on this desk, reading from `store` what the events carry. Never throws. */
export async function showOtherDeskChange(
  change: HotelChange,
  store: HotelStore,
  deps: OtherDeskChangeDeps,
): Promise<void> {
  const emit = deps.emit;
  try {
    switch (change.table) {
      case 'pulled': {
        const ids = change.ids ?? [];
        const of = (kind: string): string[] =>
          ids.filter((id) => id.startsWith(`${kind}:`)).map((id) => id.slice(kind.length + 1));
        const [n, c, x] = [of('new'), of('changed'), of('cancelled')];
        deps.checks.reservationsChanged();
        emit('reservationsChanged', {
          new: n.length,
          changed: c.length,
          cancelled: x.length,
          keyFields: [...new Set([...n, ...c, ...x])],
        });
        break;
      }
      case 'mappings':
      case 'stop_sales':
      case 'contracts':
      case 'stay_codes':
        // What the checks index in memory changed: indexed again at the next question.
        deps.checks.invalidate();
        emit('reservationsChanged', { new: 0, changed: 0, cancelled: 0, keyFields: [] });
        break;
      case 'reservations':
      case 'pms_entries':
      case 'hotel_codes':
      case 'agencies':
      case 'not_confirm_messages':
      case 'set_aside_items':
      case 'stop_sale_notices':
      case 'activity':
        // What the screens show changed: they read again (no announcement: nothing arrived).
        deps.checks.reservationsChanged();
        emit('reservationsChanged', { new: 0, changed: 0, cancelled: 0, keyFields: [] });
        break;
      case 'decisions': {
        deps.checks.decisionMoved();
        const keyFields = change.ids ? await store.read(decisionKeyOps.keyFieldsOf(change.ids)) : [];
        for (const keyField of keyFields) {
          const decision = await store.decisionFor(keyField);
          if (decision) emit('decisionChanged', { keyField, decision });
          else emit('decisionChanged', { keyField, decision: null });
        }
        if (!change.ids) emit('reservationsChanged', { new: 0, changed: 0, cancelled: 0, keyFields: [] });
        deps.onDecisionsChanged();
        break;
      }
      case 'settings':
        // The family-policy check is a setting: the checks read their settings again.
        deps.checks.invalidate();
        deps.onSettingsChanged(change.ids);
        break;
      case 'desk_lease':
      case 'answering':
        // The line and the answering forwarder take these.
        break;
    }
  } catch (error) {
    deps.ports.logger.warn('another desk changed something this desk could not read back', {
      table: change.table,
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
}
