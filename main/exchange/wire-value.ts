// What both decoders produce before anything is typed: JSON values as parsed, and XML turned into the same
// shape (elements → objects, repeated elements → arrays, leaves → strings, i:nil → null). The typed
// decoders read only this shape, so XML and JSON answers become identical results.

export type WireValue = string | number | boolean | null | WireValue[] | WireObject;
export interface WireObject {
  [field: string]: WireValue;
}

export const isWireObject = (value: unknown): value is WireObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Envelope parts are matched without regard to case: some serializers camelCase them. */
export const envelopeField = (name: string): 'data' | 'error' | 'infomessage' | 'issuccessful' | null => {
  const lower = name.toLowerCase();
  return lower === 'data' || lower === 'error' || lower === 'infomessage' || lower === 'issuccessful'
    ? lower
    : null;
};

/** Limits that keep hostile or broken answers from exhausting memory or the stack. */
export const limits = {
  maxDepth: 48,
  /** One reservation item, or one XML text node. */
  maxItemChars: 8 * 1024 * 1024,
};
