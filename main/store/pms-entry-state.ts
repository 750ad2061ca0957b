// The PMS-entry state of a reservation, as one SQL expression over reservations (alias r) LEFT JOIN
// pms_entries (alias p). Computed at read time from the current version against the version last
// handled, so a version stored by importBatch moves the state in the same commit, with no trigger and
// no code in the import (migration 003 explains why nothing is stored).
//
//   never handled      live → to-enter            a cancellation taken in → to-cancel (issue 22: the
//                                                 hotel took it in, so it is removed from the PMS)
//                                                 else (cancelled, declined) → done
//   PMS holds it live  not live any more → to-cancel
//                      a newer version arrived → needs-update
//                      else → entered (first entry) / done (an update was handled)
//   PMS holds it cancelled   live again → to-enter      else → done

/** Live: the hotel still has to host it (the same sense as on the mapping screen). */
export const liveCondition = `(r.confirmation_status IN ('W', 'E') AND r.change_kind <> 'cancelled')`;

/** A cancellation the hotel answered (took in): the production client removes it from its PMS then. */
export const takenInCondition = `(r.change_kind = 'cancelled' AND r.confirmation_status = 'E')`;

export const pmsStateSql = `(CASE
  WHEN p.reservation_id IS NULL THEN CASE
    WHEN ${liveCondition} THEN 'to-enter' WHEN ${takenInCondition} THEN 'to-cancel' ELSE 'done' END
  WHEN p.pms_holds = 'live' THEN CASE
    WHEN NOT ${liveCondition} THEN 'to-cancel'
    WHEN p.handled_log_id <> r.log_id THEN 'needs-update'
    WHEN p.last_action = 'entered' THEN 'entered'
    ELSE 'done' END
  WHEN ${liveCondition} THEN 'to-enter'
  ELSE 'done' END)`;

/** The states that still ask something of the receptionist. */
export const pendingStates = `('to-enter', 'needs-update', 'to-cancel')`;
