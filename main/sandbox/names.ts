// Guest names by market, in the spellings tour operators really send: upper-case Turkish with
// dotted/dotless i, German umlauts and ß, Russian in Cyrillic or Latin, Polish and Dutch particles.

interface NamePool {
  surnames: readonly string[];
  men: readonly string[];
  women: readonly string[];
}

const POOLS: Readonly<Record<string, NamePool>> = {
  TUR: {
    surnames: [
      'YILMAZ',
      'KAYA',
      'DEMİR',
      'ŞAHİN',
      'ÇELİK',
      'YILDIZ',
      'ÖZTÜRK',
      'AYDIN',
      'IŞIK',
      'DOĞAN',
      'KILIÇ',
      'ÇAKIR',
      'ERDOĞAN',
      'KOÇ',
      'ŞİMŞEK',
      'GÜLER',
    ],
    men: ['İBRAHİM', 'MEHMET', 'HÜSEYİN', 'ÖMER', 'OĞUZ', 'ŞÜKRÜ', 'İSMAİL', 'EMRE', 'ÇAĞRI', 'UĞUR'],
    women: ['AYŞE', 'FATMA', 'ZEYNEP', 'EMİNE', 'GÜLŞEN', 'İLKNUR', 'BÜŞRA', 'ÇAĞLA', 'ŞEYMA', 'IŞIL'],
  },
  DEU: {
    surnames: [
      'MÜLLER',
      'SCHMIDT',
      'SCHNEIDER',
      'FISCHER',
      'WEIß',
      'GROßMANN',
      'BÄCKER',
      'KÖHLER',
      'SCHÄFER',
      'HOFFMANN',
      'JÄGER',
      'KRÜGER',
    ],
    men: ['JÜRGEN', 'UWE', 'SÖREN', 'GÜNTHER', 'KLAUS', 'JÖRG', 'MAXIMILIAN', 'LUKAS'],
    women: ['BÄRBEL', 'HEIKE', 'GRETA', 'ANNELIESE', 'JÜLIDE', 'SABINE', 'KÄTHE', 'MONIKA'],
  },
  RUS: {
    surnames: [
      'ИВАНОВ',
      'КУЗНЕЦОВ',
      'СМИРНОВ',
      'ПОПОВ',
      'IVANOV',
      'SOKOLOV',
      'PETROV',
      'VOLKOV',
      'ЛЕБЕДЕВ',
      'MOROZOV',
    ],
    men: ['ИВАН', 'ДМИТРИЙ', 'СЕРГЕЙ', 'ALEXEY', 'SERGEY', 'DMITRIY', 'NIKOLAY', 'ЮРИЙ'],
    women: ['ОЛЬГА', 'АННА', 'ЕЛЕНА', 'NATALIA', 'YULIA', 'EKATERINA', 'МАРИЯ', 'OKSANA'],
  },
  UKR: {
    surnames: ['ШЕВЧЕНКО', 'КОВАЛЕНКО', 'BONDARENKO', 'TKACHENKO', 'MELNYK', 'КРАВЧУК'],
    men: ['ОЛЕКСАНДР', 'ANDRIY', 'TARAS', 'MYKOLA'],
    women: ['ОКСАНА', 'IRYNA', 'OLENA', 'ЮЛІЯ'],
  },
  GBR: {
    surnames: [
      'SMITH',
      'JONES',
      'TAYLOR',
      'BROWN',
      "O'CONNOR",
      'WILLIAMS',
      'EVANS',
      'MCDONALD',
      'SMITH-JONES',
      'WRIGHT',
    ],
    men: ['JOHN', 'OLIVER', 'LIAM', 'HARRY', 'GEORGE', 'JAMES'],
    women: ['EMMA', 'SOPHIE', 'CHLOE', 'AMELIA', 'ZOË', 'CHARLOTTE'],
  },
  NLD: {
    surnames: ['DE VRIES', 'VAN DEN BERG', 'JANSEN', 'BAKKER', 'VAN DIJK', 'MEIJER'],
    men: ['JAN', 'DAAN', 'SEM', 'RUUD'],
    women: ['ANOUK', 'FLEUR', 'INGE', 'SANNE'],
  },
  POL: {
    surnames: ['NOWAK', 'KOWALSKI', 'WÓJCIK', 'WIŚNIEWSKI', 'ŁUKASZEWICZ', 'ZIELIŃSKI'],
    men: ['PIOTR', 'KRZYSZTOF', 'TOMASZ', 'ŁUKASZ'],
    women: ['AGNIESZKA', 'MAŁGORZATA', 'KATARZYNA', 'ŻANETA'],
  },
};

const FALLBACK = POOLS.GBR as NamePool;

export function namePool(nationality: string): NamePool {
  return POOLS[nationality] ?? FALLBACK;
}

/** Notes as agencies type them: ampersands, angle brackets, quotes, line breaks. */
export const NOTES: readonly string[] = [
  '',
  '',
  '',
  'Honeymoon couple & late arrival <23:00>',
  'Baby cot please & high floor',
  'Allergy: nuts & gluten. "Please inform the kitchen"',
  'Transfer: airport <-> hotel included',
  'Sea view requested, if possible < 3rd floor',
  'Erdgeschoss bitte & ruhiges Zimmer',
  'Просьба: номер с видом на море & поздний выезд',
  'Çocuk yatağı & bebek sandalyesi rica edilir',
  'Guest is a wheelchair user.\r\nNeeds accessible room',
];

export const FLIGHTS: readonly string[] = [
  'TK 2410',
  'XQ 140',
  'PC 5012',
  'DE 1524',
  'SU 2136',
  'LS 1801',
  'BA 2680',
  'HV 6711',
  '',
];
