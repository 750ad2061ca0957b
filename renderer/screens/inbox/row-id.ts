// The element id of an inbox row, for the grid's aria-activedescendant (keyFields are opaque, so the index).
export const inboxRowId = (index: number): string => `inbox-row-${index}`;
