// The probe's sample leaves the hotel: it must say how the service writes, never who is staying, and
// never carry the token or the password, even where the service echoes them.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProbe, type ProbeOptions } from '../../../main/probe/run-probe';
import { blankPersonalData, createSampleWriter } from '../../../main/probe/sample';
import { envelope, send, startScriptedServer } from './scripted-server';
import { fixture } from './fixtures';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The probe of a scripted service, in JSON, as user "desk" with the password "hunter22". */
const probe = (serviceUrl: string, options: Pick<ProbeOptions, 'onSample'> = {}) =>
  runProbe({
    serviceUrl,
    user: 'desk',
    partnerId: 1001,
    format: 'json',
    getPassword: async () => 'hunter22',
    window: { checkInStart: '2025-01-01', checkInEnd: '2025-01-08' },
    client: { retries: { attempts: 1 } },
    ...options,
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
    const report = await probe(server.url, { onSample: (operation, text) => sample.add(operation, text) });
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

  it('names the fields nobody expected, in every answer it reads', async () => {
    const stayCodes = JSON.parse(fixture('stay-for-mapping.json')) as { Data: Record<string, unknown>[] };
    const first = stayCodes.Data[0] ?? {};
    first.StayFloors = [];
    first.StayBoards = [{ Code: 'AI', Name: 'All Inclusive', Colour: 'gold' }];
    const server = await startScriptedServer((seen, res) => {
      if (seen.path === '/api/system/login') return send(res, 200, '"tok-1"');
      if (seen.path === '/api/pax/gethotelagencies') return send(res, 200, fixture('agencies.json'));
      if (seen.path === '/api/pax/getnotconfirmmessages')
        return send(res, 200, envelope([{ Id: 'R1', Name: 'Full', Weight: 3 }]));
      if (seen.path === '/api/pax/getstayformapping') return send(res, 200, JSON.stringify(stayCodes));
      if (seen.path === '/api/pax/getReservationList')
        return send(
          res,
          200,
          fixture('reservations-envelope.json').replace('"VoucherNo"', '"Floor":2,"VoucherNo"'),
        );
      return send(res, 404, '');
    });
    cleanups.push(() => server.close());
    const report = await probe(server.url);
    const unknown = (operation: string) =>
      report.steps.filter((s) => s.operation === operation).flatMap((s) => s.unknownFields);
    expect(unknown('agencies')).toEqual(['Agency.Region']);
    expect(unknown('reasons-tr')).toEqual(['NotConfirmMessage.Weight']);
    // Asked once per agency: the fixture lists two.
    expect(unknown('stay-codes')).toEqual([
      ...['StayCode.Colour', 'StayCodes.StayFloors'],
      ...['StayCode.Colour', 'StayCodes.StayFloors'],
    ]);
    // The fixture's own two, and the one added here.
    expect(unknown('reservations')).toEqual([
      'Reservation.Floor',
      'Reservation.Tricky',
      'Reservation.WebPromoCode',
    ]);
  });

  it('blanks names and notes in XML too, whatever the prefix', () => {
    const xml =
      '<a:Customers><CustomerPms><Name>ÖZTÜRK AYŞE</Name></CustomerPms></a:Customers><a:Note>Late</a:Note><a:AgencyName>Sun</a:AgencyName>';
    expect(blankPersonalData(xml)).toBe(
      '<a:Customers><CustomerPms><Name>BLANKED</Name></CustomerPms></a:Customers><a:Note>BLANKED</a:Note><a:AgencyName>Sun</a:AgencyName>',
    );
  });
});
