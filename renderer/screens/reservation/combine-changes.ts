// Field changes of several versions as one list (pure, so it is tested without a browser).
import type { FieldChange, VersionView } from '../../../shared/ipc';

export const oldestFirst = (versions: VersionView[]) =>
  [...versions].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.logId - b.logId);

/** Field changes of several versions in a row as one list: each field from its first "before" to its last "after". */
export function combineChanges(versions: VersionView[]): FieldChange[] {
  const combined: FieldChange[] = [];
  for (const version of oldestFirst(versions))
    for (const change of version.changes) {
      const listed = combined.find(
        (c) => c.field === change.field && !['guestAdded', 'guestRemoved'].includes(c.field),
      );
      if (listed) {
        listed.after = change.after;
        if (listed.currency && change.currency)
          listed.currency = { before: listed.currency.before, after: change.currency.after };
      } else combined.push({ ...change });
    }
  // A field changed and changed back is no change.
  return combined.filter((c) => c.before !== c.after);
}
