// The desk's one text folding (shared/text-fold.ts): what search, the checks' "same guest" and the hotel
// codes' key are made of, and the other spellings search also accepts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { caseKey, foldText, foldTextGerman, foldingsOf, latinOfCyrillic } from '../../../shared/text-fold';
import { foldName } from '../../../main/checks';
import { hotelCodeKey } from '../../../shared/domain';

describe('foldText', () => {
  it.each([
    ['IŞIK', 'isik'],
    ['Işık', 'isik'],
    ['ışık', 'isik'],
    ['İSTANBUL', 'istanbul'],
    ['istanbul', 'istanbul'],
    ['ISPARTA', 'isparta'],
    ['ŞAHİN ÇAĞLAR ÖZTÜRK GÜNEŞ', 'sahin caglar ozturk gunes'],
    ['Ğğ Şş Çç', 'gg ss cc'],
    ['SCHÄFER Krauß GROẞ', 'schafer krauss gross'],
    ['José Müller', 'jose muller'],
    ['Mu\u0308ller', 'muller'],
    // Cyrillic is lowercased; its breve and diaeresis go like any accent (as FTS5's remove_diacritics does).
    ['ИВАНОВ Юрий Пётр', 'иванов юрии петр'],
  ])('%j → %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('is the same in any case, Turkish or not, and folding twice changes nothing', () => {
    const letters = fc.constantFrom(
      ...'abcçdefgğhıijklmnoöprsştuüvyzäßABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZÄЖжЯя '.split(''),
    );
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 30 }).map((a) => a.join('')),
        (text) => {
          const folded = foldText(text);
          expect(foldText(text.toLocaleUpperCase('tr-TR'))).toBe(folded);
          expect(foldText(text.toLocaleLowerCase('tr-TR'))).toBe(folded);
          expect(foldText(folded)).toBe(folded);
        },
      ),
    );
  });
});

describe('the German spelling', () => {
  it.each([
    ['SCHÄFER', 'schaefer'],
    ['Müller', 'mueller'],
    ['MÜLLER', 'mueller'],
    ['Mu\u0308ller', 'mueller'],
    ['Öztürk', 'oeztuerk'],
    ['Krauß', 'krauss'],
    ['IŞIK', 'isik'],
  ])('%j → %j', (text, folded) => {
    expect(foldTextGerman(text)).toBe(folded);
  });
});

describe('Cyrillic in Latin letters', () => {
  it.each([
    ['иванов', 'common', 'ivanov'],
    ['юрий', 'common', 'yuriy'],
    ['юрий', 'passport', 'iurii'],
    ['щербакова', 'common', 'shcherbakova'],
    ['хабибуллин', 'common', 'khabibullin'],
    ['яна', 'passport', 'iana'],
    ['цветаева', 'common', 'tsvetaeva'],
    ['шевченко', 'common', 'shevchenko'],
  ] as const)('%s (%s) → %s', (text, style, latin) => {
    expect(latinOfCyrillic(text, style)).toBe(latin);
  });

  it('is null for a text without Cyrillic letters', () => {
    expect(latinOfCyrillic('ivanov')).toBeNull();
  });
});

describe('foldingsOf', () => {
  it('lists the folded text first, then only the spellings that differ', () => {
    expect(foldingsOf('SCHÄFER')).toEqual(['schafer', 'schaefer']);
    expect(foldingsOf('IŞIK')).toEqual(['isik']);
    expect(foldingsOf('ЮРИЙ')).toEqual(['юрии', 'yuriy', 'iurii']);
    expect(foldingsOf('Пётр')).toEqual(['петр', 'petr']);
    expect(foldingsOf('Иван')).toEqual(['иван', 'ivan']);
  });
});

describe('one folding for every layer', () => {
  it('a guest name for the checks is the search folding, with spacing and marks made plain', () => {
    for (const name of ['IŞIK AYŞE', 'İBRAHİM  ÇAĞLAR', 'GROßMANN JÜRGEN', 'ИВАНОВ ИВАН'])
      expect(foldName(name)).toBe(foldText(name).replace(/\s+/g, ' ').trim());
  });

  it('a hotel code key is lowercase whatever i it has, and keeps other accents', () => {
    expect(caseKey(' DBL ')).toBe('dbl');
    expect(caseKey('SÜİT')).toBe('süit');
    expect(caseKey('süıt')).toBe('süit');
    expect(caseKey('SUIT')).not.toBe(caseKey('SÜİT'));
    expect(hotelCodeKey('Aİle')).toBe(caseKey('AILE'));
  });
});
