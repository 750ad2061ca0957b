import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPracticeService } from '../../../main/sandbox';
import type { WireFormat } from '../../../shared/domain';
import { HOTEL_NOW, WINDOW, clientFor, requestsTo, sandboxState } from './practice';

describe.each<WireFormat>(['json', 'xml'])('every operation against the practice service (%s)', (format) => {
  let service: Awaited<ReturnType<typeof startPracticeService>>;
  let folder: string;

  beforeAll(async () => {
    service = await startPracticeService({ port: 0, seed: 11, reservations: 80, now: HOTEL_NOW });
    folder = await mkdtemp(join(tmpdir(), 'resdesk-exchange-'));
  });
  afterAll(async () => {
    await service.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('logs in, reads the preparation lists, lists, acknowledges, confirms, declines and downloads the voucher', async () => {
    const client = clientFor(service.url, { format });
    try {
      await client.login();

      const agencies = await client.getHotelAgencies();
      expect(agencies.length).toBeGreaterThan(0);
      for (const agency of agencies) expect(agency.id).toMatch(/^[0-9a-f-]{36}$/i);

      const reasons = await client.getNotConfirmMessages('en-US');
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.every((reason) => reason.lang === 'en-US' && reason.name !== '')).toBe(true);
      const reasonsTr = await client.getNotConfirmMessages('tr-TR');
      expect(reasonsTr.map((reason) => reason.id)).toEqual(reasons.map((reason) => reason.id));

      const codes = await client.getStayForMapping(agencies[0]?.id ?? '');
      expect(new Set(codes.map((code) => code.kind))).toEqual(
        new Set(['room', 'roomType', 'board', 'nationality']),
      );
      expect(codes.every((code) => code.agencyId === agencies[0]?.id && code.code !== '')).toBe(true);

      const listed = await client.getReservationList({ ...WINDOW, isSendRequired: true });
      if (listed.kind !== 'list') throw new Error('expected an inline list');
      const waiting = listed.reservations;
      expect(waiting.length).toBeGreaterThan(2);
      for (const reservation of waiting) {
        expect(reservation.confirmationStatus).toBe('W');
        expect(reservation.checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(reservation.checkIn >= WINDOW.checkInStart && reservation.checkIn <= WINDOW.checkInEnd).toBe(
          true,
        );
        expect(reservation.guests.length).toBeGreaterThan(0);
      }

      // Acknowledge the first two (grouped by ServiceId): they are not listed again.
      const acknowledged = waiting.slice(0, 2);
      for (const [serviceId, group] of groupBy(acknowledged, (r) => r.serviceId)) {
        const ids = await client.postSentLogIds(
          serviceId,
          group.map((r) => r.logId),
        );
        expect(ids.sort()).toEqual(group.map((r) => String(r.logId)).sort());
      }
      const state = await sandboxState(service.url);
      for (const r of acknowledged)
        expect(state.acknowledged).toContainEqual(expect.objectContaining({ logId: r.logId }));
      const again = await client.getReservationList({ ...WINDOW, isSendRequired: true });
      if (again.kind !== 'list') throw new Error('expected an inline list');
      const keys = new Set(again.reservations.map((r) => r.logId));
      for (const r of acknowledged) expect(keys.has(r.logId)).toBe(false);

      const [toConfirm, toDecline] = waiting.slice(2);
      if (!toConfirm || !toDecline) throw new Error('not enough waiting reservations');
      const confirmed = await client.sendConfirmation({
        keyField: toConfirm.keyField,
        agencyId: toConfirm.agencyId,
        status: 'E',
        note: 'Sea view if possible — teşekkürler & see you',
        pmsUser: 'desk',
      });
      expect(confirmed).toMatchObject({ keyField: toConfirm.keyField, status: 'E' });
      expect(confirmed.pdfUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

      const voucher = join(folder, `${format}-voucher.pdf`);
      await client.downloadFile(confirmed.pdfUrl ?? '', voucher);
      expect((await readFile(voucher)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await readdir(folder)).filter((name) => name.endsWith('.part'))).toEqual([]);

      const declined = await client.sendConfirmation({
        keyField: toDecline.keyField,
        agencyId: toDecline.agencyId,
        status: 'H',
        reasonId: reasons[0]?.id ?? '',
      });
      expect(declined).toMatchObject({ keyField: toDecline.keyField, status: 'H' });

      const confirmedList = await client.getReservationList({ ...WINDOW, status: 'E' });
      if (confirmedList.kind !== 'list') throw new Error('expected an inline list');
      expect(confirmedList.reservations.map((r) => r.keyField)).toContain(toConfirm.keyField);

      const hotels = await client.searchHotels('');
      expect(hotels.length).toBeGreaterThan(0);
      expect(hotels[0]).toEqual({
        partnerId: expect.any(Number),
        name: expect.any(String),
        city: expect.any(String),
      });

      // One login for all of it: the token was cached and reused.
      expect(requestsTo(await sandboxState(service.url), '/api/system/login')).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('refuses a wrong password as unauthorized, without the password in the message', async () => {
    const client = clientFor(service.url, { format, getPassword: async () => 'not-the-password' });
    try {
      const error = await client.getHotelAgencies().catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'unauthorized' });
      expect(String((error as Error).message)).not.toContain('not-the-password');
    } finally {
      await client.close();
    }
  });
});

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
