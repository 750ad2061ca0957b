import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPracticeService } from '../../../main/sandbox';
import { MalformedResponseError, NetworkError, ServiceError } from '../../../main/exchange';
import { HOTEL_NOW, WINDOW, addFault, clearFaults, clientFor, requestsTo, sandboxState } from './practice';

describe('a misbehaving line', () => {
  let service: Awaited<ReturnType<typeof startPracticeService>>;

  beforeAll(async () => {
    service = await startPracticeService({ port: 0, seed: 5, reservations: 30, now: HOTEL_NOW });
  });
  afterAll(async () => {
    await service.close();
  });
  // Each test starts on a clean line, even if the one before stopped with faults left unused.
  beforeEach(async () => {
    await clearFaults(service.url);
  });

  const countOf = async (path: string) => requestsTo(await sandboxState(service.url), path).length;

  it('logs in again once when the token has expired, and repeats the call once', async () => {
    const client = clientFor(service.url);
    try {
      await client.login();
      const loginsBefore = await countOf('/api/system/login');
      await addFault(service.url, { kind: 'expireToken', count: 1, path: 'gethotelagencies' });
      const agencies = await client.getHotelAgencies();
      expect(agencies.length).toBeGreaterThan(0);
      expect((await countOf('/api/system/login')) - loginsBefore).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('retries a read after 500s and a reset connection', async () => {
    const client = clientFor(service.url, { format: 'xml' });
    try {
      await client.login();
      const before = await countOf('/api/pax/getnotconfirmmessages');
      await addFault(service.url, { kind: 'status500', count: 1, path: 'getnotconfirmmessages' });
      await addFault(service.url, { kind: 'reset', count: 1, path: 'getnotconfirmmessages' });
      const reasons = await client.getNotConfirmMessages('tr-TR');
      expect(reasons.length).toBeGreaterThan(0);
      // The reset connection never reaches the request log, so: the 500 plus the good one.
      expect((await countOf('/api/pax/getnotconfirmmessages')) - before).toBeGreaterThanOrEqual(2);
    } finally {
      await client.close();
    }
  });

  it('gives up on a read after the allowed attempts with the service error', async () => {
    const client = clientFor(service.url);
    try {
      await client.login();
      const before = await countOf('/api/pax/gethotelagencies');
      await addFault(service.url, { kind: 'status500', count: 5, path: 'gethotelagencies' });
      const error = await client.getHotelAgencies().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ httpStatus: 500 });
      expect((await countOf('/api/pax/gethotelagencies')) - before).toBe(3);
    } finally {
      await client.close();
    }
  });

  it('never repeats a confirmation on its own after a 500', async () => {
    const client = clientFor(service.url);
    try {
      const listed = await client.getReservationList({ ...WINDOW });
      if (listed.kind !== 'list' || !listed.reservations[0]) throw new Error('expected waiting reservations');
      const target = listed.reservations[0];
      const confirmationsBefore = (await sandboxState(service.url)).confirmations.length;
      const before = await countOf('/api/pax/sendconfirmationv2');
      await addFault(service.url, { kind: 'status500', count: 3, path: 'sendconfirmationv2' });
      const error = await client
        .sendConfirmation({ keyField: target.keyField, agencyId: target.agencyId, status: 'E' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'service', httpStatus: 500 });
      const state = await sandboxState(service.url);
      expect(requestsTo(state, '/api/pax/sendconfirmationv2').length - before).toBe(1);
      expect(state.confirmations.length).toBe(confirmationsBefore);
    } finally {
      await client.close();
    }
  });

  it('never repeats an acknowledgement on its own after a reset', async () => {
    const client = clientFor(service.url);
    try {
      const listed = await client.getReservationList({ ...WINDOW });
      if (listed.kind !== 'list' || !listed.reservations[0]) throw new Error('expected waiting reservations');
      const target = listed.reservations[0];
      const before = (await sandboxState(service.url)).acknowledged.length;
      await addFault(service.url, { kind: 'reset', count: 1, path: 'postsentlogids' });
      const error = await client.postSentLogIds(target.serviceId, [target.logId]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).toMatchObject({ reason: 'reset' });
      expect((await sandboxState(service.url)).acknowledged.length).toBe(before);
    } finally {
      await client.close();
    }
  });

  it('calls a sign-in page where data belongs "not connected", at login too', async () => {
    const client = clientFor(service.url);
    try {
      await client.login();
      await addFault(service.url, { kind: 'html', count: 1, path: 'gethotelagencies' });
      const error = await client.getHotelAgencies().catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'network', reason: 'login-page' });
      expect(error).not.toBeInstanceOf(MalformedResponseError);
      await addFault(service.url, { kind: 'html', count: 1, path: 'login' });
      const atLogin = await clientFor(service.url)
        .login()
        .catch((e: unknown) => e);
      expect(atLogin).toMatchObject({ kind: 'network', reason: 'login-page' });
    } finally {
      await client.close();
    }
  });

  it('repeats a read whose body was cut off, and reports a broken line when it keeps happening', async () => {
    const client = clientFor(service.url, { format: 'xml' });
    try {
      await client.login();
      await addFault(service.url, { kind: 'truncate', count: 1, path: 'getReservationList' });
      const listed = await client.getReservationList({ ...WINDOW });
      expect(listed.kind).toBe('list');
      await addFault(service.url, { kind: 'truncate', count: 3, path: 'getReservationList' });
      const error = await client.getReservationList({ ...WINDOW }).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'network', reason: 'reset' });
    } finally {
      await client.close();
    }
  });

  it('reports a service that cannot be reached', async () => {
    const gone = await startPracticeService({ port: 0 });
    const url = gone.url;
    await gone.close();
    const client = clientFor(url);
    try {
      const error = await client.getHotelAgencies().catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'network', reason: 'unreachable' });
    } finally {
      await client.close();
    }
  });
});
