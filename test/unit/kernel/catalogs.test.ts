// Words live in the catalogs only, in both languages: renderer/i18n/{tr,en}.json and main/kernel/i18n/{tr,en}.json.
// Fails when a key is in one language only, when a sentence's {{values}} differ between the two, when a code
// (a refused request's reason, an error code the renderer words itself) has no sentence, or when the
// contract's schemas carry an English sentence instead of a code.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import mainEn from '../../../main/kernel/i18n/en.json';
import mainTr from '../../../main/kernel/i18n/tr.json';
import rendererEn from '../../../renderer/i18n/en.json';
import rendererTr from '../../../renderer/i18n/tr.json';
import { dispatchRequest } from '../../../main/kernel/ipc-dispatch';
import { createMessages } from '../../../main/kernel/messages';
import { invalidReasons, requestNames, type Handlers, type IpcResult } from '../../../shared/ipc';
import type { UiLanguage } from '../../../shared/domain';

/** Every leaf as "a.b.c" → its text. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}
const values = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const pairs = {
  renderer: { tr: leaves(rendererTr), en: leaves(rendererEn) },
  main: { tr: leaves(mainTr), en: leaves(mainEn) },
};

describe.each(Object.entries(pairs))('the %s catalogs', (_name, { tr, en }) => {
  it('have the same keys in Turkish and English', () => {
    expect(
      [...tr.keys()].filter((k) => !en.has(k)),
      'only in tr.json',
    ).toEqual([]);
    expect(
      [...en.keys()].filter((k) => !tr.has(k)),
      'only in en.json',
    ).toEqual([]);
  });

  it('are empty in neither or both (a deliberate blank), with the same {{values}} in both languages', () => {
    for (const [key, text] of en) {
      expect(tr.get(key)?.trim() === '', key).toBe(text.trim() === '');
      expect(values(tr.get(key) ?? ''), key).toEqual(values(text));
    }
  });
});

/**
 * The words docs/glossary.md says not to use in Turkish, as a receptionist would not: the PC is not a "masa", the
 * inbox not a "gelen kutusu", and so on. One pattern per word, with its endings.
 */
const notTurkishReceptionWords: [RegExp, string][] = [
  [/(^|[^\p{L}])masa(da|dan|nın|ya|yı|lar)?($|[^\p{L}])/iu, 'masa (the PC is "bilgisayar")'],
  [/gelen kutusu/iu, 'gelen kutusu (the list is "rezervasyon listesi")'],
  [/parola/iu, 'parola (say "şifre")'],
  [/denetle|denetim/iu, 'denetle (say "kontrol et")'],
  [/BT sorumlu/u, 'BT sorumlusu (say "bilgi işlem sorumlusu")'],
  [/Kurulum ekran/iu, 'Kurulum ekranı (the screen is "Ayarlar")'],
  [/satış kapatma/iu, 'satış kapatma (say "stop sale")'],
  [/yalnız erkek|aile politikası/iu, 'yalnız erkek / aile politikası (say "bekar erkek", "aile konsepti")'],
  [/(^|[^\p{L}])Practice($|[^\p{L}])/u, 'Practice (say "Alıştırma")'],
  [/duymayı bekliyor/iu, 'duymayı bekliyor (a calque)'],
];

describe('the Turkish catalogs keep to the glossary', () => {
  it.each(Object.entries(pairs))('%s: no word the glossary says not to use', (_name, { tr }) => {
    const found: string[] = [];
    for (const [key, text] of tr)
      for (const [pattern, word] of notTurkishReceptionWords)
        if (pattern.test(text)) found.push(`${key}: ${word}`);
    expect(found).toEqual([]);
  });
});

describe('codes have sentences', () => {
  it('every reason a request can be refused for, in both languages (and the generic one)', () => {
    for (const catalog of [pairs.main.tr, pairs.main.en]) {
      for (const reason of invalidReasons) expect(catalog.get(`invalid.${reason}`), reason).toBeTruthy();
      expect(catalog.get('invalid.request')).toBeTruthy();
    }
  });

  it('every error code the renderer words itself', () => {
    const source = readFileSync('renderer/components/error-text.ts', 'utf8');
    const codes = /translatedCodes = new Set\(\[([^\]]*)\]\)/.exec(source)?.[1]?.match(/'[^']+'/g) ?? [];
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      for (const catalog of [pairs.renderer.tr, pairs.renderer.en]) {
        expect(catalog.get(`errors.${code.slice(1, -1)}`), code).toBeTruthy();
      }
    }
  });
});

describe('the contract speaks in codes', () => {
  it('has no English sentence in shared/ (a message is a code from invalidReasons)', () => {
    const domain = readdirSync('shared/domain').map((f) => `shared/domain/${f}`);
    const contract = readdirSync('shared')
      .filter((f) => /^ipc.*\.ts$/.test(f))
      .map((f) => `shared/${f}`);
    expect(contract).toContain('shared/ipc-requests.ts');
    for (const file of [...contract, ...domain]) {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
        .join('\n');
      expect(code.match(/['`][A-Z][a-z]+ [^'`\n]*[.!?]['`]/g) ?? [], file).toEqual([]);
    }
  });

  const handlers = Object.fromEntries(requestNames.map((n) => [n, async () => null])) as unknown as Handlers;
  const refused = async (language: UiLanguage, name: string, payload: unknown) => {
    const result = (await dispatchRequest(handlers, name, payload, {
      messages: createMessages(language),
    })) as IpcResult<unknown>;
    if (result.ok) throw new Error(`${name} was accepted`);
    return result.error;
  };

  it.each(['tr', 'en'] as const)(
    'a refused request is told in the desk language (%s), from its code',
    async (language) => {
      const catalog = language === 'tr' ? pairs.main.tr : pairs.main.en;
      const cases: [string, unknown, string][] = [
        ['previewExport', { kind: 'arrivals' }, 'arrivals-day'],
        ['previewExport', { kind: 'reservations', scope: 'range', from: '2026-07-01' }, 'range-both'],
        ['previewExport', { kind: 'reservations', from: '2026-07-02', to: '2026-07-01' }, 'range-order'],
        ['previewExport', { kind: 'reservations', scope: 'filter' }, 'export-filter'],
        [
          'listReservations',
          { filter: { checkInFrom: '1.7.2026' }, sort: 'checkIn', direction: 'asc', offset: 0, limit: 1 },
          'date-format',
        ],
        ['testConnection', { serviceUrl: 'ftp://x', user: 'u', partnerId: 1, format: 'xml' }, 'service-url'],
        [
          'testConnection',
          { serviceUrl: 'http://x', user: ' ', partnerId: 1, format: 'xml' },
          'user-required',
        ],
        ['setDeskUser', { name: '  ' }, 'desk-user-required'],
        ['confirm', { keyField: 'K', note: 'x'.repeat(501) }, 'note-too-long'],
        ['saveNotificationSettings', { remindAfterMinutes: 2.5 }, 'remind-whole-minutes'],
        ['saveNotificationSettings', { remindAfterMinutes: -1 }, 'remind-not-negative'],
        ['saveNotificationSettings', { remindAfterMinutes: 1441 }, 'remind-at-most-day'],
      ];
      for (const [name, payload, reason] of cases) {
        const error = await refused(language, name, payload);
        expect(error.reason, name).toBe(reason);
        expect(error.message).toBe((catalog.get(`invalid.${reason}`) ?? '?').replace('{{max}}', '500'));
      }
      // Without a code of its own, the complaint names the field in a sentence of the catalog.
      const other = await refused(language, 'confirm', { keyField: 'K', extra: 1 });
      expect(other.reason).toBeUndefined();
      expect(other.message.startsWith((catalog.get('invalid.request') ?? '?').split('(')[0] ?? '?')).toBe(
        true,
      );
      expect((await refused(language, 'noSuchRequest', {})).message).toBe(
        catalog.get('error.unknownRequest'),
      );
    },
  );
});
