// Scrolls the mapping table, and only it, so an element that opened in a row (the picker's list, the add
// form and its sentence) is not hidden below the table's bottom edge. Scrolling the table by hand rather
// than scrollIntoView keeps the rest of the desk where it is.
export function keepInSight(element: Element | null): void {
  const box = element?.closest('.table-scroll');
  if (!element || !box) return;
  const over = element.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
  if (over > 0) box.scrollTop += over + 4;
}
