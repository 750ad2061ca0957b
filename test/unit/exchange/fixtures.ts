import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../../fixtures/exchange/', import.meta.url));

/** A fixture as text, exactly as a TextDecoder would give it (a UTF-8 BOM is kept for the decoder to drop). */
export const fixture = (name: string): string => readFileSync(folder + name, 'utf8');
export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(folder + name));
