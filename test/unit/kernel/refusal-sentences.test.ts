// The store refuses a decision with a code only; every code is a sentence in both catalogs.
import { describe, expect, it } from 'vitest';
import { createMessages, refusalSentence } from '../../../main/kernel/messages';
import en from '../../../main/kernel/i18n/en.json';
import tr from '../../../main/kernel/i18n/tr.json';
import { DECISION_REFUSALS, DecisionRefused } from '../../../main/store';

const catalogs: Record<string, Record<string, string>> = { en: en.decision, tr: tr.decision };

describe('decision refusals', () => {
  it.each(Object.keys(catalogs))('every code has its own sentence in %s', (language) => {
    for (const code of DECISION_REFUSALS) expect(catalogs[language]?.[code]?.trim()).toBeTruthy();
  });

  it('carry no sentence themselves, and are said in the desk language with the limit filled in', () => {
    const refused = new DecisionRefused('note-too-long');
    expect(refused.code).toBe('note-too-long');
    expect(refused.message).not.toMatch(/too long/i);
    expect(refusalSentence(createMessages('en'), refused.code)).toBe(
      'The note is too long. Keep it to 500 characters.',
    );
    expect(refusalSentence(createMessages('tr'), refused.code)).toBe(
      'Not çok uzun. En fazla 500 karakter yazın.',
    );
  });
});
