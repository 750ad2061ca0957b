import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldName, personKey } from '../../../main/checks';
import { foldNameReference } from '../../../main/checks/fold-name';
import { propertyRuns } from '../../harness/property-runs';

describe('foldName', () => {
  it.each([
    ['IŞIK AYŞE', 'isik ayse'],
    ['Işık Ayşe', 'isik ayse'],
    ['ISIK AYSE', 'isik ayse'],
    ['İBRAHİM ÇAĞLAR', 'ibrahim caglar'],
    ['ığüşöç İĞÜŞÖÇ', 'igusoc igusoc'],
    ['GROßMANN JÜRGEN', 'grossmann jurgen'],
    ['  KAYA\tAYŞE-NUR  ', 'kaya ayse nur'],
    ["D'ANGELO MARCO", 'dangelo marco'],
    ['ST. JOHN MARY', 'st john mary'],
    ['ИВАНОВ ИВАН', 'иванов иван'],
    ['José  Müller', 'jose muller'],
  ])('%j → %j', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it('is the same in any case, Turkish or not, and folding twice changes nothing', () => {
    const letters = fc.constantFrom(
      ...'abcçdefgğhıijklmnoöprsştuüvyzABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ '.split(''),
    );
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 30 }).map((a) => a.join('')),
        (name) => {
          const folded = foldName(name);
          expect(foldName(name.toLocaleUpperCase('tr-TR'))).toBe(folded);
          expect(foldName(name.toLocaleLowerCase('tr-TR'))).toBe(folded);
          expect(foldName(name.toUpperCase())).toBe(folded);
          expect(foldName(folded)).toBe(folded);
        },
      ),
    );
  });
});

describe('personKey', () => {
  it('needs at least two words that are not a placeholder', () => {
    expect(personKey('IŞIK AYŞE')).toBe('isik ayse');
    expect(personKey('IŞIK')).toBeNull();
    expect(personKey(' - ')).toBeNull();
    expect(personKey('N N')).toBeNull();
    expect(personKey('TBA TBA')).toBeNull();
  });
});

describe('the fast folding', () => {
  it('gives what the reference folding gives, for any text', () => {
    const alphabet = fc.constantFrom(
      ..."aıİIiŞşĞğÜüÖöÇçßẞÄäÉéÑñĲĳŉǄ¼¨ -\t.'’`´,/0123456789ЙйЁёИван\u0301\u0307".split(''),
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')),
        (name) => {
          expect(foldName(name)).toBe(foldNameReference(name));
        },
      ),
      { numRuns: propertyRuns(500) },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (name) => {
        expect(foldName(name)).toBe(foldNameReference(name));
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
