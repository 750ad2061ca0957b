// What the log keeps of an error the window met: its kind, React's number, the frames; never the message, which can
// hold what the page showed; and a window failing in a loop is logged a few times a minute.
import { describe, expect, it } from 'vitest';
import { rendererErrorFields, rendererErrorLog } from '../../../main/handlers/renderer-error';
import type { Logger } from '../../../main/kernel/core-types';

const guest = 'ÖZTÜRK AYŞE, passport U12345678, ayse@example.com';
const report = {
  message: `Cannot read properties of undefined (reading '${guest}')`,
  stack: [
    `TypeError: Cannot read properties of undefined (reading '${guest}')`,
    '    at Panel (file:///app/renderer/index-3f2a.js?v=2&guest=AYSE:1:2345)',
    '    at renderWithHooks (file:///app/renderer/index-3f2a.js:1:999)',
  ].join('\n'),
  componentStack: '\n    at Panel\n    at ReservationScreen',
};

describe('a window error in the log', () => {
  it('says where the page broke, never what the message said', () => {
    const fields = rendererErrorFields(report);
    expect(fields).toEqual({
      error: 'TypeError',
      stack: [
        'at Panel (file:///app/renderer/index-3f2a.js:1:2345)',
        'at renderWithHooks (file:///app/renderer/index-3f2a.js:1:999)',
      ].join('\n'),
      componentStack: 'at Panel\n    at ReservationScreen',
    });
    expect(JSON.stringify(fields)).not.toMatch(/ÖZTÜRK|U12345678|example\.com|AYSE/);
    const react = rendererErrorFields({
      message:
        'Minified React error #31; visit https://react.dev/errors/31?args[]=object%20with%20keys%20%7Bat%7D',
    });
    expect(react).toEqual({ error: 'Error', reactError: '31' });
  });

  it('is logged five times a minute at most, with the count of those left out', () => {
    const lines: Record<string, unknown>[] = [];
    const logger: Logger = {
      info: () => {},
      warn: () => {},
      error: (_m, fields) => lines.push(fields ?? {}),
    };
    let now = 0;
    const log = rendererErrorLog(logger, () => now);
    for (let i = 0; i < 100; i++) log(report);
    expect(lines).toHaveLength(5);
    now = 60_001;
    log(report);
    expect(lines).toHaveLength(6);
    expect(lines[5]?.notLoggedBefore).toBe('95');
  });
});
