// The PMS-entry state of a reservation, as one SQL expression over reservations (alias r) LEFT JOIN
// pms_entries (alias p). Computed at read time from the current version against the version last
// handled, so a version stored by importBatch moves the state in the same commit, with no trigger and
// no code in the import (migration 003 explains why nothing is stored).
//
// The PMS list holds only work to type. A reservation (or a change) the hotel has not
// confirmed yet is not work yet: the hotel may still decline it, and a declined booking typed into
// the PMS is a room blocked for nobody. It is 'waiting' until the answer is E, and comes into the list
// then; declined ones never come in. What the PMS already holds is still judged by what it holds.
//
//   never handled      confirmed (E), not cancelled → to-enter
//                      waiting (W), not cancelled → waiting
//                      a cancellation taken in → to-cancel (the hotel took it in, so it is
//                                                removed from the PMS, typed in before the desk or not)
//                      else (declined, cancelled unanswered) → done
//   PMS holds it live  not live any more (declined, cancelled) → to-cancel
//                      a newer version arrived: confirmed → needs-update; still waiting → waiting (the
//                        PMS keeps the confirmed version it has; the change is typed once the hotel
//                        accepts it, and a declined change leaves the reservation not live: to-cancel)
//                      else → entered (first entry) / done (an update was handled)
//   PMS holds it cancelled   live and confirmed again → to-enter; live and waiting → waiting; else done
//
// The text reads the same on SQLite and PostgreSQL (CASE, IN, <>; no engine's own function), so the
// PMS list's queries (pms-entry-queries.ts) and the export embed it unchanged on both engines.

/** Live: the hotel still has to host it (the same sense as on the mapping screen and the arrivals list). */
export const liveCondition = `(r.confirmation_status IN ('W', 'E') AND r.change_kind <> 'cancelled')`;

/** Live and confirmed by the hotel: only then is it typed into the PMS. */
export const confirmedLiveCondition = `(r.confirmation_status = 'E' AND r.change_kind <> 'cancelled')`;

/** A cancellation the hotel answered (took in): the production client removes it from its PMS then. */
export const takenInCondition = `(r.change_kind = 'cancelled' AND r.confirmation_status = 'E')`;

export const pmsStateSql = `(CASE
  WHEN p.reservation_id IS NULL THEN CASE
    WHEN ${confirmedLiveCondition} THEN 'to-enter' WHEN ${liveCondition} THEN 'waiting'
    WHEN ${takenInCondition} THEN 'to-cancel' ELSE 'done' END
  WHEN p.pms_holds = 'live' THEN CASE
    WHEN NOT ${liveCondition} THEN 'to-cancel'
    WHEN p.handled_log_id <> r.log_id THEN
      CASE WHEN r.confirmation_status = 'E' THEN 'needs-update' ELSE 'waiting' END
    WHEN p.last_action = 'entered' THEN 'entered'
    ELSE 'done' END
  WHEN ${confirmedLiveCondition} THEN 'to-enter'
  WHEN ${liveCondition} THEN 'waiting'
  ELSE 'done' END)`;

/** The states that still ask something of the receptionist. */
export const pendingStates = `('to-enter', 'needs-update', 'to-cancel')`;
