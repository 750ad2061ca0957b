// The JSON text an item was parsed from, kept beside the parsed object. The store saves a reservation's
// item exactly as received; taking the text the splitter already cut out spares a JSON.stringify of every
// item (about a tenth of a large import).
import type { WireValue } from './wire-value';

const sourceText = new WeakMap<object, string>();

export function rememberItemText(item: WireValue, text: string): void {
  if (typeof item === 'object' && item !== null) sourceText.set(item, text);
}

/** The item's JSON: the text it came as when it came as JSON, else the item serialized. */
export function itemJson(item: Record<string, unknown>): string {
  return sourceText.get(item) ?? JSON.stringify(item);
}
