// The desk's choice of database: kept in hotel-database.json without secrets, read back with the URL
// from the credential store; a secret gone is an error, never a quiet fall back to the desk's own file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHOICE_FILE,
  hotelDatabaseChoice,
  saveHotelDatabaseChoice,
  savedChoice,
} from '../../../main/hotel-db/choice';
import { DESK_PASSWORD_ACCOUNT } from '../../../main/hotel-db/server/keeper';
import { HotelServerProblem } from '../../../main/hotel-db/server/problems';
import { memoryStore } from '../../../main/secrets/memory-store';

let dataDir = '';
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'resdesk-choice-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the desk's choice of database", () => {
  it('is its own file until something else is chosen, and when the file is damaged', async () => {
    expect(await hotelDatabaseChoice(dataDir, memoryStore())).toEqual({ kind: 'file' });
    writeFileSync(path.join(dataDir, CHOICE_FILE), '{ not json');
    expect(await hotelDatabaseChoice(dataDir, memoryStore())).toEqual({ kind: 'file' });
  });

  it('keeps a connected URL in the credential store and only where it is in the file', async () => {
    const credentials = memoryStore();
    const url = 'postgres://desk:s3cret-Pass@db.chain.example:6432/hotel_12?sslmode=require';
    await saveHotelDatabaseChoice(dataDir, credentials, { kind: 'connected', url });
    const file = readFileSync(path.join(dataDir, CHOICE_FILE), 'utf8');
    expect(file).not.toContain('s3cret');
    expect(file).not.toContain('sslmode');
    expect(await savedChoice(dataDir)).toEqual({
      v: 1,
      kind: 'connected',
      where: 'db.chain.example:6432/hotel_12',
    });
    expect(await hotelDatabaseChoice(dataDir, credentials)).toEqual({ kind: 'connected', url });
  });

  it("builds the keeping PC's own URL from the saved port and the desks password", async () => {
    const credentials = memoryStore();
    await credentials.set(DESK_PASSWORD_ACCOUNT, 'ABCDEFGHJKMNPQRSTV');
    await saveHotelDatabaseChoice(dataDir, credentials, { kind: 'keeps', port: 5433 });
    expect(readFileSync(path.join(dataDir, CHOICE_FILE), 'utf8')).not.toContain('ABCDEFGH');
    expect(await hotelDatabaseChoice(dataDir, credentials)).toEqual({
      kind: 'keeps',
      port: 5433,
      url: 'postgresql://resdesk:ABCDEFGHJKMNPQRSTV@127.0.0.1:5433/resdesk',
    });
  });

  it('refuses, rather than using the own file, when the secret is gone from the credential store', async () => {
    await saveHotelDatabaseChoice(dataDir, memoryStore(), { kind: 'connected', url: 'postgres://a:b@h/d' });
    await expect(hotelDatabaseChoice(dataDir, memoryStore())).rejects.toBeInstanceOf(HotelServerProblem);
    await saveHotelDatabaseChoice(dataDir, memoryStore(), { kind: 'keeps', port: 5433 });
    await expect(hotelDatabaseChoice(dataDir, memoryStore())).rejects.toBeInstanceOf(HotelServerProblem);
  });

  it('goes back to the own file', async () => {
    const credentials = memoryStore();
    await saveHotelDatabaseChoice(dataDir, credentials, { kind: 'connected', url: 'postgres://a:b@h/d' });
    await saveHotelDatabaseChoice(dataDir, credentials, { kind: 'file' });
    expect(await hotelDatabaseChoice(dataDir, credentials)).toEqual({ kind: 'file' });
  });
});
