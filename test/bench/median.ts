// The middle of a bench's repeated measures (the upper one of an even count): steadier than their mean on a shared
// machine, where one run may be slowed by something else.
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
