// The operators a stop-sale concerns (their room types mapped to it, or an allotment of it), each with its notice
// in Turkish, English or German (written as a page to print or attach, opened at once, marked sent today) and the
// operator's confirmation, ticked by hand when it comes.
import { useTranslation } from 'react-i18next';
import type { StopSaleNoticeView, StopSaleView } from '../../../shared/ipc';
import { ask } from '../../api';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';

interface Props {
  stopSaleId: number;
  operators: readonly StopSaleNoticeView[];
  busy: boolean;
  /** Runs a request that gives the new view; errors are said by the card. */
  run: (work: () => Promise<StopSaleView>, done: string) => void;
}

const NOTICE_LANGUAGES = ['tr', 'en', 'de'] as const;

export function StopSaleNotices({ stopSaleId, operators, busy, run }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  if (operators.length === 0) return <p className="muted small">{t('checks.stopSale.noOperators')}</p>;
  return (
    <ul className="stop-sale-notices" data-testid="stop-sale-notices">
      {operators.map((o) => (
        <li key={o.agencyId} data-agency={o.agencyId}>
          <span className="operator">
            {o.agencyName}
            {o.operatorCodes.length > 0 && <span className="muted"> ({o.operatorCodes.join(', ')})</span>}
          </span>
          <span className="notice-buttons">
            {NOTICE_LANGUAGES.map((language) => (
              <button
                key={language}
                type="button"
                className="button small"
                disabled={busy}
                aria-label={t('checks.stopSale.noticeLabel', {
                  operator: o.agencyName,
                  language: t(`checks.stopSale.noticeLanguage.${language}`),
                })}
                onClick={() =>
                  run(async () => {
                    const sent = await ask('sendStopSaleNotice', {
                      stopSaleId,
                      agencyId: o.agencyId,
                      language,
                    });
                    await ask('openExport', { path: sent.path });
                    return sent.view;
                  }, t('checks.stopSale.noticeWritten'))
                }
              >
                {t('checks.stopSale.notice', { language: language.toUpperCase() })}
              </button>
            ))}
          </span>
          <span className="notice-sent" data-testid="notice-sent">
            {o.sentAt
              ? t('checks.stopSale.sent', { at: formatInstant(o.sentAt, lng), by: o.sentBy ?? '' })
              : t('checks.stopSale.notSent')}
          </span>
          <label className="checkbox">
            <input
              type="checkbox"
              name={`confirmed-${stopSaleId}-${o.agencyId}`}
              checked={o.confirmedAt !== null}
              disabled={busy}
              onChange={(e) => {
                const confirmed = e.target.checked;
                run(
                  () => ask('confirmStopSale', { stopSaleId, agencyId: o.agencyId, confirmed }),
                  t(confirmed ? 'checks.stopSale.confirmedSaved' : 'checks.stopSale.confirmedTakenBack'),
                );
              }}
            />
            {t('checks.stopSale.confirmed')}
          </label>
        </li>
      ))}
    </ul>
  );
}
