// Which odd things the practice service makes happen by itself, at low seeded rates (the control API can
// ask for any of them at any time, whatever is on here):
// - values: ConfirmationStatus S and G, an unknown PmsStatus (world.ts);
// - checkCases: what the desk's pre-confirm checks are for (check-cases.ts);
// - logIds: a LogId reused for another reservation, a reservation changed without a new LogId;
// - foreignHotel: an item carrying another hotel's number;
// - charsets: an XML answer in windows-1254, ISO-8859-9 or UTF-16 (charset-oddities.ts).
// `true` keeps the meaning it had before the last three existed, so tests and desks that count a world
// with oddities on keep their counts; 'all' is everything (the CLI's default).

export const ODDITY_KINDS = ['values', 'checkCases', 'logIds', 'foreignHotel', 'charsets'] as const;
export type OddityKind = (typeof ODDITY_KINDS)[number];

export type OdditiesOption = boolean | 'all' | readonly OddityKind[];

const ESTABLISHED: readonly OddityKind[] = ['values', 'checkCases'];

export function oddityKinds(option: OdditiesOption | undefined): ReadonlySet<OddityKind> {
  if (option === undefined || option === false) return new Set();
  if (option === true) return new Set(ESTABLISHED);
  if (option === 'all') return new Set(ODDITY_KINDS);
  return new Set(option.filter((kind) => ODDITY_KINDS.includes(kind)));
}
