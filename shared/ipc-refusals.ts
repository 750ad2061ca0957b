// Why a request is refused: the codes a request schema (ipc-requests.ts) gives as its message.
/**
 * A schema never says a sentence: it names what is wrong with one of these codes, and main words it in
 * the desk's language (main/kernel/i18n, `invalid.<code>`). A complaint without a code (zod's own, for
 * what the screens never send) is worded as `invalid.request` with the field's name.
 */
export const invalidReasons = [
  'date-format',
  'date-exists',
  'service-url',
  'user-required',
  'desk-user-required',
  'note-too-long',
  'remind-whole-minutes',
  'remind-not-negative',
  'remind-at-most-day',
  'arrivals-day',
  'range-both',
  'range-order',
  'export-filter',
  'stop-sale-code',
  'stop-sale-order',
  'hotel-code-required',
  'hotel-db-input-required',
] as const;
export type InvalidReason = (typeof invalidReasons)[number];
export const isInvalidReason = (value: unknown): value is InvalidReason =>
  typeof value === 'string' && (invalidReasons as readonly string[]).includes(value);
