// Turkish joins "since" to a time with the ablative suffix, which follows the last word the time is read
// with: 10:42 is "on kırk iki" → 10:42'den, 10:40 "on kırk" → 10:40'tan, 10:30 → 10:30'dan, 10:00 "on" → 10:00'dan.

/** The suffix after the last number word of 0–59 (units, else tens, else "sıfır"). */
function suffixOfNumber(n: number): string {
  const units = ['dan', 'den', 'den', 'ten', 'ten', 'ten', 'dan', 'den', 'den', 'dan'];
  const tens = ['dan', 'dan', 'den', 'dan', 'tan', 'den'];
  if (n % 10 !== 0) return units[n % 10] ?? 'den';
  return tens[Math.floor(n / 10)] ?? 'den';
}

/**
 * The ablative suffix (without the apostrophe) for a text that ends in a time, "10:42" or "26.11.2026 10:42":
 * the minutes are read last unless they are :00, then the hour is.
 */
export function turkishFromSuffix(text: string): string {
  const m = /(\d{1,2})[:.](\d{2})\s*$/.exec(text);
  if (!m) return 'den';
  const minutes = Number(m[2]);
  return suffixOfNumber(minutes !== 0 ? minutes : Number(m[1]));
}
