// The probe's sample leaves the hotel: it must say how the service writes, never who is staying, and
// never carry the token or the password, even where the service echoes them.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProbe } from '../../../main/probe/run-probe';
import { blankPersonalData, createSampleWriter } from '../../../main/probe/sample';
import { envelope, send, startScriptedServer } from './scripted-server';
import { fixture } from './fixtures';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the probe sample', () => {
  it('blanks the token, the password and the guests', async () => {
    const server = await startScriptedServer((seen, res) => {
      if (seen.path === '/api/system/login') return send(res, 200, '"tok-secret-1"');
      if (seen.path === '/api/pax/gethotelagencies')
        return send(res, 200, envelope([{ Id: 'A1', Name: 'Echo tok-secret-1 hunter22' }]));
      if (seen.path === '/api/pax/getReservationList')
        return send(res, 200, fixture('reservations-envelope.json'));
      return send(res, 404, '{"Message":"No HTTP resource was found that matches the request URI."}');
    });
    const dir = await mkdtemp(join(tmpdir(), 'resdesk-sample-'));
    cleanups.push(
      () => server.close(),
      () => rm(dir, { recursive: true, force: true }),
    );
    const sample = createSampleWriter(dir);
    const report = await runProbe({
      serviceUrl: server.url,
      user: 'desk',
      partnerId: 1001,
      format: 'json',
      getPassword: async () => 'hunter22',
      window: { checkInStart: '2025-01-01', checkInEnd: '2025-01-08' },
      onSample: (operation, text) => sample.add(operation, text),
      client: { retries: { attempts: 1 } },
    });
    expect(report.ok).toBe(false);
    expect(report.steps.find((s) => s.operation === 'stay-codes')).toMatchObject({
      ok: false,
      httpStatus: 404,
    });
    expect(report.steps.find((s) => s.operation === 'reservations')).toMatchObject({ ok: true, items: 2 });
    const files = sample.finish();
    expect(files).toEqual(expect.arrayContaining(['01-agencies.json', '06-reservations.json']));
    const all = (await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))).join(
      '\n',
    );
    expect(all).toContain('[token]');
    expect(all).toContain('[password]');
    expect(all).toContain('BLANKED');
    for (const secret of ['tok-secret-1', 'hunter22', 'ÖZTÜRK AYŞE', 'SMITH JOHN', 'Late arrival'])
      expect(all).not.toContain(secret);
    // The shape is kept: the service's field names and the rest of the values.
    expect(all).toContain('"VoucherNo":"V-2025-0001"');
  });

  it('blanks names and notes in XML too, whatever the prefix', () => {
    const xml =
      '<a:Customers><CustomerPms><Name>ÖZTÜRK AYŞE</Name></CustomerPms></a:Customers><a:Note>Late</a:Note><a:AgencyName>Sun</a:AgencyName>';
    expect(blankPersonalData(xml)).toBe(
      '<a:Customers><CustomerPms><Name>BLANKED</Name></CustomerPms></a:Customers><a:Note>BLANKED</a:Note><a:AgencyName>Sun</a:AgencyName>',
    );
  });
});
