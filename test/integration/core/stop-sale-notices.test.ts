// A stop-sale's notices through the core's handlers: sent to an operator it concerns and confirmed for one; an
// operator it does not concern has no notice to send or confirm, and nothing is written for it.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import type { Core, Logger } from '../../../main/kernel/core-types';
import { memoryStore } from '../../../main/secrets/memory-store';

const logger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
let core: Core | null = null;
let dir = '';
afterEach(async () => {
  await core?.stop();
  core = null;
  rmSync(dir, { recursive: true, force: true });
});

describe("a stop-sale's notices", () => {
  it('go to the operators it concerns, and only theirs are confirmed', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-stop-sale-'));
    const c = (core = createCore({ dataDir: dir, credentials: memoryStore(), logger }));
    await c.start();
    await c.handlers.addHotelCode({ kind: 'roomType', code: 'DZ', name: 'Double' });
    await c.handlers.setMapping({ agencyId: 'AG1', kind: 'roomType', channelCode: 'DBL', hotelCode: 'DZ' });
    const added = await c.handlers.addStopSale({
      codeKind: 'roomType',
      hotelCode: 'DZ',
      from: '2026-08-01',
      to: '2026-08-05',
      note: '',
    });
    const stopSaleId = added.stopSales[0]?.id ?? -1;
    expect(added.notices[0]?.operators.map((o) => o.agencyId)).toEqual(['AG1']);

    const sent = await c.handlers.sendStopSaleNotice({ stopSaleId, agencyId: 'AG1', language: 'tr' });
    expect(sent.view.notices[0]?.operators[0]?.sentAt).not.toBeNull();
    const confirmed = await c.handlers.confirmStopSale({ stopSaleId, agencyId: 'AG1', confirmed: true });
    expect(confirmed.notices[0]?.operators[0]?.confirmedAt).not.toBeNull();

    for (const ask of [
      () => c.handlers.confirmStopSale({ stopSaleId, agencyId: 'AG9', confirmed: true }),
      () => c.handlers.sendStopSaleNotice({ stopSaleId, agencyId: 'AG9', language: 'tr' }),
      () => c.handlers.confirmStopSale({ stopSaleId: stopSaleId + 1, agencyId: 'AG1', confirmed: true }),
    ])
      await expect(ask()).rejects.toMatchObject({ code: 'not-found' });
    const notices = await c.handlers.listStopSales({});
    expect(notices.notices[0]?.operators.map((o) => o.agencyId)).toEqual(['AG1']);
  });
});
