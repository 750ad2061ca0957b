// What the diagnostics archive copies passes through the blanker (blank.ts): secrets and guest names go, whatever
// the length of the text around them.
import { describe, expect, it } from 'vitest';
import { blindBlanker, personalBlanker } from '../../../main/diagnostics/blank';

describe('the diagnostics blanker', () => {
  const blank = personalBlanker(['AYŞE YILMAZ']);

  it('blanks a quoted secret whole, escaped quotes and all, and a guest name', () => {
    expect(blank('login password: "a\\"b c" for AYŞE YILMAZ')).toBe(
      'login password: [blanked] for [blanked]',
    );
    expect(blank("token='x\\'y' next")).toBe('token=[blanked] next');
  });

  it('blanks a secret of ten million characters, and one of a million escapes, without failing', () => {
    expect(blank(`token: "${'x'.repeat(10_000_000)}" next`)).toBe('token: [blanked] next');
    expect(blindBlanker()(`password: "${'\\"'.repeat(1_000_000)}" next`)).toBe('password: [blanked] next');
  });

  it('blanks a text whole when it is too much for the engine: nothing of the secret stays', () => {
    const text = `password: "${'\\"'.repeat(5_000_000)}" next`;
    const out = blank(text);
    expect(out).not.toContain('\\"');
    expect(out.length).toBeLessThan(100);
  });
});
