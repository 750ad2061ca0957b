// "Ayşe is answering this reservation on RECEPTION-2 (since 10:42)." above the answer buttons. A
// polite live region that is always there, so a screen reader hears the sentence when it appears.
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';
import { turkishFromSuffix } from '../../i18n/turkish-time';
import type { AnsweringElsewhere } from './useAnswering';

export function AnsweringNotice({ elsewhere }: { elsewhere: AnsweringElsewhere }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const time = elsewhere ? formatInstant(elsewhere.since, language) : '';
  // Turkish says "since" with a suffix on the time itself (10:42'den, 10:40'tan): part of the value, so both
  // catalogs take the same {{values}}.
  const since = language === 'tr' && time ? `${time}'${turkishFromSuffix(time)}` : time;
  return (
    <p
      className={elsewhere ? 'answering-elsewhere' : 'sr-only'}
      role="status"
      data-testid="answering-elsewhere"
      data-shown={elsewhere ? 'yes' : 'no'}
    >
      {elsewhere &&
        t('decision.answeringElsewhere', {
          user: elsewhere.deskUser,
          pc: elsewhere.pcName,
          since,
        })}
    </p>
  );
}
