// What the inbox screen reads at once: a page of rows with its total, each row enriched with its decision's state
// and whether it has unmapped codes. One operation, so an engine can read it in one snapshot and the count, the
// rows and their marks describe the same moment while another desk writes.
import { decisionOps } from './decisions';
import { inboxOps, type InboxQuery } from './inbox';
import { mappingViewOps } from './mappings';

export const inboxScreenOps = {
  *page(query: InboxQuery, problemKeys?: readonly string[]) {
    const { rows, total } = yield* inboxOps.page(query, problemKeys);
    const keys = rows.map((r) => r.keyField);
    const states = yield* decisionOps.states(keys);
    const unmapped = yield* mappingViewOps.withUnmappedCodes(keys);
    return {
      rows: rows.map((r) => ({
        ...r,
        decision: states.get(r.keyField) ?? 'none',
        hasUnmappedCodes: unmapped.has(r.keyField),
      })),
      total,
    };
  },
};
