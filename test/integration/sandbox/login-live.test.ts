// Login as the live service's public clients call it: without format, reading a JSON-quoted token
// whatever they asked for in Accept; format=xml still gives the <string> element. The original dialect's
// tokens are GUIDs, as in the live service's reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeService } from '../../../main/sandbox/index';
import { get, startService } from './helpers';

let service: PracticeService;

beforeAll(async () => {
  ({ service } = await startService({ reservations: 5, dialect: 'original' }));
});
afterAll(() => service.close());

const login = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/api/system/login?user=demo&pass=demo${query}`, { headers });

describe('login without format', () => {
  it('answers a JSON-quoted token as application/json, whatever Accept says', async () => {
    for (const accept of [undefined, 'application/xml', 'text/xml', '*/*']) {
      const response = await login('', accept === undefined ? {} : { accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.text()).toMatch(
        /^"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"$/,
      );
    }
  });

  it('gives a token that works once its quotes are stripped, as the live clients do', async () => {
    const token = (await (await login('')).text()).replace(/^"|"$/g, '');
    expect((await get(service, '/api/pax/gethotelagencies?format=xml', token)).status).toBe(200);
  });

  it('keeps the <string> element for format=xml and the JSON string for format=json', async () => {
    expect(await (await login('&format=xml')).text()).toMatch(
      /^<string xmlns="http:\/\/schemas\.microsoft\.com\/2003\/10\/Serialization\/">[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}<\/string>$/,
    );
    const json = await login('&format=json', { accept: 'application/xml' });
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.text()).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"$/);
  });

  it('still refuses wrong credentials with 401 in the negotiated format', async () => {
    const refused = await fetch(`${service.url}/api/system/login?user=demo&pass=nope`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe(
      '<Error><Message>Authorization has been denied for this request.</Message></Error>',
    );
  });
});
