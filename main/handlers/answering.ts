// Who is answering a reservation: the renderer says when the confirm or decline form of a
// reservation opens (and again every 30 s while it stays open) and when it closes; the reservation view asks
// whether another desk is answering it. On the hotel's shared database that is AnswerPresence
// (main/hotel-db/answering.ts); a desk on its own file has nobody to tell and answers "nobody else".
// It is a notice, not a lock: a database problem here is logged and the receptionist is not stopped, since the
// one-open-decision rule refuses a second answer whatever this says.
import type { AnsweringView, Events, Handlers } from '../../shared/ipc';
import type { ChangeFeed } from '../hotel-db/changes';
import type { DeskContext } from './context';

/** Another desk answering a reservation. */
export interface AnsweringDesk {
  deskUser: string;
  pcName: string;
  since: Date;
}

/** What the handlers need of the presence on the shared database (AnswerPresence implements it). */
export interface AnswerPresencePort {
  /** Opens for this desk; returns the other desk that holds it instead, or null when this desk holds it. */
  open(keyField: string, deskUser: string): Promise<AnsweringDesk | null>;
  /** Extends this desk's own row; false when it no longer holds it. */
  refresh(keyField: string): Promise<boolean>;
  close(keyField: string): Promise<void>;
  who(keyField: string): Promise<AnsweringDesk | null>;
}

const nobody: AnsweringView = { elsewhere: null };

const viewOf = (desk: AnsweringDesk | null): AnsweringView =>
  desk
    ? { elsewhere: { deskUser: desk.deskUser, pcName: desk.pcName, since: desk.since.toISOString() } }
    : nobody;

/** The answer forms this desk remembers as open (one is what a window has). */
const OPEN_FORMS_REMEMBERED = 20;

export function answeringHandlers(
  ctx: Pick<DeskContext, 'deskUser' | 'ports'>,
  presence: () => AnswerPresencePort | null,
): Pick<Handlers, 'answering' | 'getAnswering'> {
  // The reservations whose form this desk reported open: the next report of one is a renewal.
  const opened = new Set<string>();

  const quietly = async (what: string, work: () => Promise<AnsweringView>): Promise<AnsweringView> => {
    try {
      return await work();
    } catch (error) {
      ctx.ports.logger.warn(`who is answering: ${what} failed`, {
        error: error instanceof Error ? error.name : 'unknown',
      });
      return nobody;
    }
  };

  return {
    answering: async ({ keyField, open }) => {
      const shared = presence();
      if (!shared) return nobody;
      if (!open) {
        opened.delete(keyField);
        return quietly('close', async () => {
          await shared.close(keyField);
          return nobody;
        });
      }
      return quietly('open', async () => {
        // Renewing keeps `since`; a row that expired or was taken meanwhile is opened again.
        if (opened.has(keyField) && (await shared.refresh(keyField))) return nobody;
        opened.add(keyField);
        // A window has one form open at a time: what it never closed (a reload) is forgotten, oldest first, so a
        // window reporting made-up reservations cannot grow this without end.
        for (const old of opened) {
          if (opened.size <= OPEN_FORMS_REMEMBERED) break;
          opened.delete(old);
        }
        return viewOf(await shared.open(keyField, ctx.deskUser()));
      });
    },
    getAnswering: async ({ keyField }) => {
      const shared = presence();
      if (!shared) return nobody;
      return quietly('read', async () => viewOf(await shared.who(keyField)));
    },
  };
}

/**
 * Tells the renderer when who is answering a reservation changed on another desk (or on this one): one
 * `answeringChanged` per KeyField, `keyField: null` when the feed had no ids or was reconnected (changes may
 * have been missed). Returns the way to stop.
 */
export function forwardAnsweringChanges(
  feed: Pick<ChangeFeed, 'onChange' | 'onResync'>,
  emit: <E extends keyof Events>(event: E, payload: Events[E]) => void,
): () => void {
  const offChange = feed.onChange((change) => {
    if (change.table !== 'answering') return;
    if (change.ids === null) emit('answeringChanged', { keyField: null });
    else for (const keyField of change.ids) emit('answeringChanged', { keyField });
  });
  const offResync = feed.onResync(() => emit('answeringChanged', { keyField: null }));
  return () => {
    offChange();
    offResync();
  };
}
