import { useTranslation } from 'react-i18next';
import type { MarkEnteredResult } from '../../../shared/ipc';

/** "3 marked as entered. 1 skipped: it changed since; look at it again." */
export function MarkOutcome({ result }: { result: MarkEnteredResult }) {
  const { t } = useTranslation();
  const changed = result.skipped.filter((s) => s.reason === 'changed').length;
  // The store never records an unconfirmed one as typed in; said apart, as it needs a confirm.
  const notConfirmed = result.skipped.filter((s) => s.reason === 'not-confirmed').length;
  const other = result.skipped.length - changed - notConfirmed;
  return (
    <>
      {t('pms.marked', { count: result.marked })}
      {changed > 0 && ` ${t('pms.skippedChanged', { count: changed })}`}
      {notConfirmed > 0 && ` ${t('pms.skippedNotConfirmed', { count: notConfirmed })}`}
      {other > 0 && ` ${t('pms.skippedDone', { count: other })}`}
    </>
  );
}
