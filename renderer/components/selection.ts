// Ticked rows of a list, kept by key with the row as it was when ticked (a bar acts on exactly that
// version, and a list can tell when a ticked row changed under it).

/** The selection with `row` ticked if it was not, unticked if it was. */
export function toggleSelected<R extends { keyField: string }>(
  selected: ReadonlyMap<string, R>,
  row: R,
): ReadonlyMap<string, R> {
  const next = new Map(selected);
  if (next.has(row.keyField)) next.delete(row.keyField);
  else next.set(row.keyField, row);
  return next;
}
